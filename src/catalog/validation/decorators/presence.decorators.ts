import { ValidateIf } from 'class-validator';
import { Satisfies } from './satisfies.decorator';

export const REQUIRED_CONSTRAINT = 'required';

/** Only absence counts: class-validator's @IsDefined would also call `null` "missing". */
export function Required(): PropertyDecorator {
  return Satisfies(REQUIRED_CONSTRAINT, (value) => value !== undefined, 'is required');
}

/**
 * Skips validation only when the field is absent. Unlike @IsOptional, `null` is NOT treated as
 * absent: a feed sending `"brand": null` gets "must be a string …" rather than a silent drop,
 * because null usually signals a broken export rather than an intentional omission.
 */
export function OptionalNotNull(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
