import type { FieldErrorSink } from '../field-error-list';

/**
 * class-validator reports one error per property and no array indexes. A constraint that
 * needs finer paths puts an `explain` function in its context; the error mapper calls it
 * with the failing value and a sink whose paths are relative to the property (`[3]`,
 * `.color`, `.currency`). Once the sink is full, explain only counts (no paths built).
 */
export interface ErrorDetails {
  explain(value: unknown, out: FieldErrorSink): void;
}

export function isErrorDetails(context: unknown): context is ErrorDetails {
  return typeof context === 'object' && context !== null && typeof (context as ErrorDetails).explain === 'function';
}
