import { ValidationPipe, type ValidationError as ClassValidatorError } from '@nestjs/common';
import { ValidationError } from '../errors/api-error';

/** Query/body DTO validation: unknown parameters refused, failures as 422 `validation`. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    exceptionFactory: (errors) => new ValidationError(describe(errors)),
  });
}

function describe(errors: ClassValidatorError[]): string {
  return errors
    .map((error) => {
      if (!error.constraints) return `${error.property} is invalid`;
      if (error.constraints.whitelistValidation) return `unknown parameter ${error.property}`;
      return [...new Set(Object.values(error.constraints))].join('; ');
    })
    .join('; ');
}
