import { ValidationError } from 'class-validator';
import { isErrorDetails } from './decorators/error-details';
import { REQUIRED_CONSTRAINT } from './decorators/presence.decorators';
import { type FieldErrorSink, prefixedSink } from './field-error-list';
import { childKeyPath, indexSegment } from './json-path';
import { UNKNOWN_FIELD_MESSAGE } from './prepare-dto-input';

/** class-validator's own messages that our type rules already cover with better wording. */
const NESTED_CONSTRAINT = 'nestedValidation';
const WHITELIST_CONSTRAINT = 'whitelistValidation';

function propertyPath(parent: string, property: string): string {
  return /^\d+$/.test(property) ? parent + indexSegment(Number(property)) : childKeyPath(parent, property);
}

function constraintErrors(error: ValidationError, path: string, out: FieldErrorSink): void {
  const constraints = error.constraints ?? {};
  if (REQUIRED_CONSTRAINT in constraints) {
    out.add(path, constraints[REQUIRED_CONSTRAINT]);
    return;
  }
  for (const [name, message] of Object.entries(constraints)) {
    if (name === NESTED_CONSTRAINT) continue;
    if (name === WHITELIST_CONSTRAINT) {
      out.add(path, UNKNOWN_FIELD_MESSAGE);
      continue;
    }
    const details = error.contexts?.[name];
    const before = out.size;
    if (isErrorDetails(details)) details.explain(error.value, prefixedSink(out, path));
    if (out.size === before) out.add(path, message);
  }
}

/**
 * Flattens class-validator's error tree into JSON-path field errors. A property whose own
 * rules failed is reported by them alone: its children (e.g. items of an array passed where
 * a price object was expected) would only repeat the problem.
 */
export function toFieldErrors(errors: readonly ValidationError[], out: FieldErrorSink, parentPath = ''): void {
  for (const error of errors) {
    const path = propertyPath(parentPath, error.property);
    const ownFailures = out.size;
    constraintErrors(error, path, out);
    if (out.size === ownFailures && error.children?.length) toFieldErrors(error.children, out, path);
  }
}
