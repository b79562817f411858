/**
 * class-validator reports one error per property and no array indexes. A constraint that
 * needs finer paths puts an `explain` function in its context; the error mapper calls it
 * with the failing value and appends each sub-path (`[3]`, `.color`, `.currency`) to the
 * property's path.
 */
export interface SubFieldError {
  path: string;
  message: string;
}

export interface ErrorDetails {
  explain(value: unknown): SubFieldError[];
}

export function isErrorDetails(context: unknown): context is ErrorDetails {
  return typeof context === 'object' && context !== null && typeof (context as ErrorDetails).explain === 'function';
}
