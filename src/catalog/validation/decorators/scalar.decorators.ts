import { Satisfies } from './satisfies.decorator';

export function IsOneOf(values: readonly string[]): PropertyDecorator {
  return Satisfies('oneOf', (value) => values.includes(value as string), `must be one of: ${values.join(', ')}`);
}

/** Safe integers only: larger JSON integers were already rounded by JSON.parse. */
export function IsNonNegativeSafeInteger(): PropertyDecorator {
  return Satisfies(
    'nonNegativeInteger',
    (value) => Number.isSafeInteger(value) && (value as number) >= 0,
    `must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}`,
  );
}
