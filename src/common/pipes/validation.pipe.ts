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

/** Each failure in one line; a nested one (an array of objects) is prefixed with its path, e.g. `synonyms[0]: …`. */
function describe(errors: ClassValidatorError[], path = ''): string {
  return errors
    .map((error) => {
      const at = path === '' ? error.property : /^\d+$/.test(error.property) ? `${path}[${error.property}]` : `${path}.${error.property}`;
      if (!error.constraints) return error.children?.length ? describe(error.children, at) : `${at} is invalid`;
      const prefix = path === '' ? '' : `${path}: `;
      if (error.constraints.whitelistValidation) return `${prefix}unknown parameter ${error.property}`;
      return prefix + [...new Set(Object.values(error.constraints))].join('; ');
    })
    .join('; ');
}
