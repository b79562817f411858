import { plainToInstance } from 'class-transformer';
import { validateSync, ValidatorOptions } from 'class-validator';
import { ProductDto } from './product.dto';
import { FieldError } from '../validation/field-error';
import { FieldErrorList } from '../validation/field-error-list';
import { normaliseProduct } from './normalise-product';
import { prepareDtoInput } from '../validation/prepare-dto-input';
import { reportableProductId } from './product-id';
import { describeJsonType, isJsonObject } from '../validation/rules/json-types';
import { PRODUCT_SHAPE } from './product-fields';
import { findUnstorableStrings } from '../validation/unstorable-strings';
import { toFieldErrors } from '../validation/validation-error-mapper';
import { ValidProduct } from './valid-product';

export type { FieldError } from '../validation/field-error';
export type { ValidProduct } from './valid-product';

export type ProductValidation = { valid: true; product: ValidProduct } | { valid: false; productId: string | null; errors: FieldError[] };

/**
 * Shared across calls (this runs per element of 60,000-product imports). Unknown keys are
 * already reported by prepareDtoInput; whitelisting stays on as a backstop. Targets are left
 * out of errors (not needed, and they would pin instances); values are kept for `explain`.
 */
const VALIDATOR_OPTIONS: ValidatorOptions = Object.freeze({
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  validationError: Object.freeze({ target: false, value: true }),
});

/**
 * Validates one parsed element of an uploaded catalog against ProductDto and returns either
 * the normalised product or its problems, each under the JSON path of its field: the first
 * MAX_FIELD_ERRORS, then one entry counting the rest (see FieldErrorList).
 */
export function validateProduct(element: unknown): ProductValidation {
  if (!isJsonObject(element)) return notAnObject(describeJsonType(element));
  const errors = new FieldErrorList();
  const { input } = prepareDtoInput(element, PRODUCT_SHAPE, errors);
  findUnstorableStrings(element, errors);
  const dto = toProductDto(input);
  toFieldErrors(validateSync(dto, VALIDATOR_OPTIONS), errors);
  if (errors.size > 0) return { valid: false, productId: reportableProductId(element), errors: errors.toArray() };
  return { valid: true, product: normaliseProduct(dto) };
}

/** One shared, frozen result per JSON type: a file of 26 million `0` elements allocates none. */
const NOT_AN_OBJECT = new Map<string, ProductValidation>();

function notAnObject(type: string): ProductValidation {
  let result = NOT_AN_OBJECT.get(type);
  if (!result) {
    const errors = Object.freeze([Object.freeze({ field: '', message: `product must be a JSON object, got ${type}` })]);
    result = Object.freeze({ valid: false as const, productId: null, errors: errors as FieldError[] });
    NOT_AN_OBJECT.set(type, result);
  }
  return result;
}

/**
 * class-transformer copies arrays item by item: 37 ms and megabytes of garbage for a 131,000-item
 * `tags`. After prepareDtoInput the schema's arrays hold only scalars and stand-ins, which it would
 * copy unchanged, so they bypass it and are set on the instance as they are.
 */
function toProductDto(input: Record<string, unknown>): ProductDto {
  const arrays: Array<[string, unknown[]]> = [];
  for (const key of PRODUCT_SHAPE.arrays) {
    const value = input[key];
    if (!Array.isArray(value)) continue;
    arrays.push([key, value]);
    delete input[key];
  }
  const dto = plainToInstance(ProductDto, input) as ProductDto & Record<string, unknown>;
  for (const [key, value] of arrays) dto[key] = value;
  return dto;
}
