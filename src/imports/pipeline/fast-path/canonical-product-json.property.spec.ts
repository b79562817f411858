import fc from 'fast-check';
import { fullProduct } from '../../../catalog/testing/full-product';
import { PRODUCT_FIELDS } from '../../../catalog/testing/product-fields';
import { validateProduct } from '../../../catalog/validation/product-validator';
import type { ValidProduct } from '../../../catalog/validation/valid-product';
import { canonicalJson } from '../hashing/canonical-json';
import { canonicalProductJson } from './canonical-product-json';

/**
 * canonicalProductJson must print exactly what canonicalJson prints (the content hash of every
 * stored product depends on it), for validated products and for anything else passed to it.
 */

/** The same outcome from both: the same text, or both throw a TypeError. */
function agree(value: unknown): void {
  let expected: string | TypeError;
  try {
    expected = canonicalJson(value);
  } catch (error) {
    expected = error as TypeError;
  }
  if (typeof expected === 'string') expect(canonicalProductJson(value as ValidProduct)).toBe(expected);
  else expect(() => canonicalProductJson(value as ValidProduct)).toThrow(TypeError);
}

/** Sets an own property even for "__proto__". */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function fromEntries(entries: Array<[string, unknown]>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, value] of entries) define(record, key, value);
  return record;
}

/** Keys that the native path must not mis-order or drop: integer-like, "__proto__", non-BMP, unpaired surrogates. */
const awkwardKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'toJSON', '0', '9', '10', '01', '4294967295', '-1', 'a', 'A', 'é', '😀', '\uD800', '\uFF5E', ''),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }),
);
const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('quote " backslash \\ newline \n', '\u2028', '\u007f', '\uDC00'));
const primitive = fc.oneof(text, fc.double(), fc.integer(), fc.boolean(), fc.constant(null));
const money = fc.oneof(
  fc.record({ amount: fc.double({ noNaN: true, noDefaultInfinity: true }), currency: fc.constantFrom('EUR', 'USD', 'JPY') }),
  fc.record({ currency: fc.constantFrom('EUR', 'USD'), amount: fc.integer() }), // keys out of order
);
const attributes = fc.array(fc.tuple(awkwardKey, primitive), { maxLength: 10 }).map(fromEntries);
const anything = fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' });
/** Values of every kind a field may hold: its usual shape, or any JSON, or what JSON cannot print. */
const fieldValue = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 2, arbitrary: fc.array(text, { maxLength: 5 }) },
  { weight: 2, arbitrary: money },
  { weight: 3, arbitrary: attributes },
  { weight: 2, arbitrary: anything },
  { weight: 1, arbitrary: fc.array(primitive, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, NaN, Infinity, [1, , 2], [undefined], new Date(0), { a: undefined }) }, // eslint-disable-line no-sparse-arrays
);
const fieldName = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...PRODUCT_FIELDS) }, { weight: 1, arbitrary: awkwardKey });
const productShaped = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 20 }).map(fromEntries);

describe('canonicalProductJson', () => {
  it('prints what canonicalJson prints for product-shaped objects of any content (3,000 runs)', () => {
    fc.assert(fc.property(productShaped, agree), { numRuns: 3_000 });
  });

  it('prints what canonicalJson prints for random JSON values (1,000 runs)', () => {
    fc.assert(fc.property(anything, agree), { numRuns: 1_000 });
  });

  it('prints what canonicalJson prints for validated products with shuffled keys (1,000 runs)', () => {
    const base = fullProduct() as unknown as Record<string, unknown>;
    const validated = fc
      .tuple(fc.shuffledSubarray([...PRODUCT_FIELDS]), attributes)
      .map(([fields, attrs]) => {
        const element: Record<string, unknown> = { id: base.id, title: base.title };
        for (const field of fields) element[field] = field === 'attributes' ? attrs : base[field];
        return validateProduct(element);
      })
      .filter((result) => result.valid);
    fc.assert(
      fc.property(validated, (result) => {
        if (result.valid) agree(result.product);
      }),
      { numRuns: 1_000 },
    );
  });

  it('sorts integer-like and "__proto__" attribute keys as canonicalJson does', () => {
    const product = { id: '1', title: 't', attributes: fromEntries([['9', 1], ['10', 2], ['__proto__', 'x'], ['b', true]]) };
    expect(canonicalProductJson(product as unknown as ValidProduct)).toBe(
      '{"attributes":{"10":2,"9":1,"__proto__":"x","b":true},"id":"1","title":"t"}',
    );
  });

  it('refuses what JSON cannot represent, as canonicalJson does', () => {
    const product = { id: '1', title: 't', price: { amount: NaN, currency: 'EUR' } };
    expect(() => canonicalProductJson(product as unknown as ValidProduct)).toThrow(TypeError);
  });
});
