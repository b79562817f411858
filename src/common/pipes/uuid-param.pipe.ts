import { ParseUUIDPipe } from '@nestjs/common';
import { ValidationError } from '../errors/api-error';

/** 422 `validation` for a path parameter that is not a UUID. */
export function UuidParam(name: string): ParseUUIDPipe {
  return new ParseUUIDPipe({
    exceptionFactory: () => new ValidationError(`${name} must be a UUID`),
  });
}
