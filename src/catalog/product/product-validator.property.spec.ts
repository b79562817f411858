import fc from 'fast-check';
import { canonicalJson } from '../hashing/canonical-json';
import { contentHash } from '../hashing/content-hash';
import { validateProduct } from './product-validator';
import { isStorableString } from '../validation/rules/storable-string';
import { PRODUCT_FIELDS } from '../testing/product-fields';

const SCHEMA_KEYS = PRODUCT_FIELDS;

/** Any UTF-16 code unit, so NUL and lone surrogates appear regularly. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const text = fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: anyCodeUnit, maxLength: 8 }));
const key = fc.oneof(fc.constantFrom(...SCHEMA_KEYS, 'amount', 'currency', 'constructor', '__proto__', 'toString'), text);

/** Arbitrary JSON-ish input biased towards the schema's own keys and JS-special keys. */
const element = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double(),
    fc.integer(),
    text,
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc.dictionary(key, tie('value'), { maxKeys: 6 }),
})).object;

const stringOf = (min: number, max: number) => fc.string({ minLength: min, maxLength: max });
const httpUrl = fc.webUrl({ validSchemes: ['http', 'https'] }).filter((url) => url.length <= 2048);
const money = fc.record({
  amount: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
  currency: fc.constantFrom('USD', 'EUR', 'JPY', 'GBP'),
});

/** Products valid by construction (sale_price only without price, to avoid cross rules). */
const validProduct = fc.record(
  {
    id: fc.oneof(
      stringOf(1, 100).filter((id) => !/\p{Cc}/u.test(id)),
      fc.maxSafeInteger(),
    ),
    title: stringOf(1, 150).filter((title) => /\S/.test(title)),
    description: stringOf(0, 300),
    url: httpUrl,
    image_url: httpUrl,
    additional_image_urls: fc.array(httpUrl, { maxLength: 20 }),
    sale_price: money,
    availability: fc.constantFrom('in_stock', 'out_of_stock', 'preorder', 'backorder'),
    condition: fc.constantFrom('new', 'refurbished', 'used'),
    brand: stringOf(1, 70),
    gtin: fc.constantFrom('73513537', '036000291452', '4006381333931', '10012345678902'),
    mpn: stringOf(1, 70),
    group_id: stringOf(1, 100),
    categories: fc.array(stringOf(1, 255), { maxLength: 20 }),
    tags: fc.array(stringOf(1, 100), { maxLength: 50 }),
    inventory_quantity: fc.maxSafeNat(),
    attributes: fc.dictionary(
      stringOf(1, 128),
      fc.oneof(stringOf(0, 1000), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()),
      { maxKeys: 100 },
    ),
  },
  { requiredKeys: ['id', 'title'] },
);

function shuffledKeys(value: Record<string, unknown>, seed: number): Record<string, unknown> {
  const entries = Object.entries(value);
  return Object.fromEntries(
    entries
      .map((entry, i) => [entry, (i * 7919 + seed) % 104729] as const)
      .sort((a, b) => a[1] - b[1])
      .map(([entry]) => entry),
  );
}

describe('validateProduct properties', () => {
  it('never throws, and every reported path, message and product id can be stored', () => {
    fc.assert(
      fc.property(element, (input) => {
        const result = validateProduct(input);
        if (result.valid) {
          expect(() => canonicalJson(result.product)).not.toThrow();
          return;
        }
        expect(result.errors.length).toBeGreaterThan(0);
        for (const { field, message } of result.errors) {
          expect(isStorableString(field)).toBe(true);
          expect(isStorableString(message)).toBe(true);
        }
        if (result.productId !== null) expect(isStorableString(result.productId)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('accepts valid products, and normalising is idempotent', () => {
    fc.assert(
      fc.property(validProduct, (input) => {
        const result = validateProduct(input);
        if (!result.valid) throw new Error(JSON.stringify(result.errors));
        expect(result.product.id).toBe(String(input.id));
        // Compared as canonical JSON: -0 in an attribute legitimately round-trips as 0.
        const again = validateProduct(JSON.parse(canonicalJson(result.product)));
        if (!again.valid) throw new Error(JSON.stringify(again.errors));
        expect(canonicalJson(again.product)).toBe(canonicalJson(result.product));
      }),
      { numRuns: 300 },
    );
  });

  it('hashes the same product equally whatever the key order of the uploaded element', () => {
    fc.assert(
      fc.property(validProduct, fc.nat(), (input, seed) => {
        const one = validateProduct(input);
        const two = validateProduct(shuffledKeys(input, seed));
        if (!one.valid || !two.valid) throw new Error('expected valid products');
        expect(contentHash(two.product)).toBe(contentHash(one.product));
      }),
      { numRuns: 300 },
    );
  });
});
