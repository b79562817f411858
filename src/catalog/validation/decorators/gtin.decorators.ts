import { hasGtinShape, hasValidGs1CheckDigit } from '../gtin';
import { composeDecorators, Satisfies } from './satisfies.decorator';

/** Shape and check digit are separate constraints so the message says which one failed. */
export function IsGtin(): PropertyDecorator {
  return composeDecorators(
    Satisfies('gtinShape', hasGtinShape, 'must be a string of 8, 12, 13 or 14 digits'),
    Satisfies('gtinCheckDigit', (value) => !hasGtinShape(value) || hasValidGs1CheckDigit(value), 'must end with a valid GS1 check digit'),
  );
}
