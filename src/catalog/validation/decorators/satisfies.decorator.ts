import { registerDecorator, ValidationArguments } from 'class-validator';
import { ErrorDetails } from './error-details';

export type Predicate = (value: unknown, object: object) => boolean;

/**
 * Registers a class-validator constraint from a plain predicate. `name` is the constraint key
 * in ValidationError.constraints and must be unique per property. The predicate is also kept as
 * the constraint's argument, so the rule can be read back (declared-rules.ts) and run without
 * class-validator by the import's fast path.
 */
export function Satisfies(name: string, predicate: Predicate, message: string, details?: ErrorDetails): PropertyDecorator {
  return (target, propertyKey) => {
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyKey),
      options: details ? { message, context: details } : { message },
      constraints: [predicate],
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => predicate(value, args?.object ?? {}),
      },
    });
  };
}

/** Applies several property decorators as one, so composite rules read as a single line. */
export function composeDecorators(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, propertyKey) => {
    for (const decorator of decorators) decorator(target, propertyKey);
  };
}
