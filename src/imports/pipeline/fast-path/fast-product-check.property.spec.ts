import fc from 'fast-check';
import { fastValidProduct, fastValidProductId } from './fast-product-check';
import { validateProduct } from '../../../catalog/product/product-validator';
import { PRODUCT_FIELDS } from '../../../catalog/testing/product-fields';

/**
 * The fast path's contract, checked against the full validator: whenever fastValidProduct
 * returns a product, validateProduct accepts the element and returns the very same product
 * (same values, same key order at every level). Inputs are realistic products and mutations of
 * them aimed at every rule boundary of the schema.
 */

type Element = Record<string, unknown>;
type Mutation = (element: Element) => unknown;

const SCHEMA_FIELDS = PRODUCT_FIELDS;

// ---------------------------------------------------------------------------------------------
// Helpers

/** Object keys at every level, in order, so key order is compared and not just content. */
function keyTree(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyTree);
  if (typeof value === 'object' && value !== null) {
    return Object.keys(value).map((key) => [key, keyTree((value as Record<string, unknown>)[key])]);
  }
  return typeof value;
}

/** Sets an own property even for "__proto__", keeping the key's position when it exists. */
function define(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A copy with `key` set (as an own property) or, for `absent`, removed. Spread keeps own "__proto__" keys. */
const ABSENT = Symbol('absent');
function withField(element: Element, key: string, value: unknown): Element {
  const copy: Element = { ...element };
  if (value === ABSENT) delete copy[key];
  else define(copy, key, value);
  return copy;
}

function shuffled(value: Element, seed: number): Element {
  const entries = Object.entries(value)
    .map((entry, i) => [entry, (i * 7919 + seed) % 104729] as const)
    .sort((a, b) => a[1] - b[1]);
  const copy: Element = {};
  for (const [[key, item]] of entries) define(copy, key, item);
  return copy;
}

/**
 * Replaces the n-th string (modulo the count; values and object keys, depth first) using
 * `change`, copying the containers on the way. Returns the value unchanged when it has no strings.
 */
function changeNthString(root: unknown, n: number, change: (text: string) => string): unknown {
  let count = 0;
  const countStrings = (value: unknown): void => {
    if (typeof value === 'string') count++;
    else if (Array.isArray(value)) value.forEach(countStrings);
    else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        count++;
        countStrings((value as Record<string, unknown>)[key]);
      }
    }
  };
  countStrings(root);
  if (count === 0) return root;
  let target = n % count;
  const rebuild = (value: unknown): unknown => {
    if (typeof value === 'string') return target-- === 0 ? change(value) : value;
    if (Array.isArray(value)) return value.map(rebuild);
    if (typeof value === 'object' && value !== null) {
      const copy: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        const newKey = target-- === 0 ? change(key) : key;
        define(copy, newKey, rebuild((value as Record<string, unknown>)[key]));
      }
      return copy;
    }
    return value;
  };
  return rebuild(root);
}

function gs1CheckDigit(body: string): string {
  let sum = 0;
  let weight = 3;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = 4 - weight;
  }
  return String((10 - (sum % 10)) % 10);
}

// ---------------------------------------------------------------------------------------------
// Realistic products (valid by construction)

const WORDS = [
  'Merino',
  'wool',
  'crew',
  'sweater',
  'Müller & Söhne',
  'Leather',
  'belt',
  'stone grey',
  'XL',
  '100%',
  'ß',
  'naïve',
  '—',
  '😀',
  'été',
];
/** At most `max` UTF-16 units, without splitting a surrogate pair. */
const clip = (text: string, max: number) => text.slice(0, text.length > max && /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max);
const words = (maxWords: number) =>
  fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: maxWords }).map((parts) => parts.join(' '));
const asciiText = (min: number, max: number) => fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max });
const slug = fc.stringMatching(/^[a-z0-9-]{1,24}$/);
const currency = fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'CHF', 'SEK', 'XAU');

const productUrl = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(slug, fc.nat(99_999)).map(([s, n]) => `https://shop.example.com/products/${s}?variant=${n}`) },
  { weight: 1, arbitrary: fc.webUrl({ validSchemes: ['http', 'https'] }).filter((u) => u.length <= 2048) },
);
const imageUrl = fc.tuple(fc.nat(99_999), slug).map(([n, s]) => `https://cdn.example.com/images/${n}/${s}.jpg`);
const gtin = fc
  .tuple(fc.constantFrom(7, 11, 12, 13), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 13, maxLength: 13 }))
  .map(([length, digits]) => {
    const body = digits.slice(0, length).join('');
    return body + gs1CheckDigit(body);
  });
const amount = fc.oneof(
  fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
  fc.integer({ min: 0, max: 100_000_000 }).map((tenThousandths) => tenThousandths / 10_000),
);
const money = fc.record({ amount, currency }, { noNullPrototype: true });
/** Price and sale price that satisfy the cross-field rules (sale in the same currency, not above). */
const prices = fc.oneof(
  money.map((price) => ({ price })),
  money.map((sale_price) => ({ sale_price })),
  fc.tuple(money, fc.double({ min: 0, max: 1, noNaN: true })).map(([price, share]) => ({
    price,
    sale_price: { amount: Math.min(price.amount, Math.floor(price.amount * share * 100) / 100), currency: price.currency },
  })),
);
const attributeValue = fc.oneof(words(4), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean());
const attributeKey = fc.oneof(fc.constantFrom('color', 'size', 'material', 'weight_g', 'country_of_origin', 'wool %'), asciiText(1, 30));

const realisticProduct: fc.Arbitrary<Element> = fc
  .tuple(
    fc.record(
      {
        id: fc.oneof(
          fc.nat(9_999_999).map((n) => `SKU-${String(n).padStart(7, '0')}`),
          asciiText(1, 100).filter((id) => !/\p{Cc}/u.test(id)),
          fc.maxSafeInteger(),
        ),
        title: words(12).map((title) => clip(title, 150)),
        description: words(60).map((text) => clip(text, 5000)),
        url: productUrl,
        image_url: imageUrl,
        additional_image_urls: fc.array(imageUrl, { maxLength: 20 }),
        availability: fc.constantFrom('in_stock', 'out_of_stock', 'preorder', 'backorder'),
        condition: fc.constantFrom('new', 'refurbished', 'used'),
        brand: words(2).map((brand) => clip(brand, 70)),
        gtin,
        mpn: fc.stringMatching(/^[A-Z]{2,4}-\d{2,6}$/),
        group_id: fc.nat(99_999).map((n) => `GRP-${n}`),
        categories: fc.array(
          words(6).map((c) => clip(c, 255)),
          { maxLength: 20 },
        ),
        tags: fc.array(
          words(2).map((t) => clip(t, 100)),
          { maxLength: 50 },
        ),
        inventory_quantity: fc.oneof(fc.nat(10_000), fc.maxSafeNat()),
        attributes: fc.dictionary(attributeKey, attributeValue, { maxKeys: 12, noNullPrototype: true }),
      },
      { requiredKeys: ['id', 'title'], noNullPrototype: true },
    ),
    fc.option(prices, { nil: undefined }),
    fc.nat(),
  )
  .map(([fields, money, seed]) => shuffled({ ...fields, ...money }, seed));

// ---------------------------------------------------------------------------------------------
// Mutations

const long = (length: number, unit = 'x') => unit.repeat(length);
const limitStrings = (min: number, max: number): unknown[] => [
  long(Math.max(min - 1, 0)),
  long(min),
  long(max),
  long(max + 1),
  `${long(max - 1)}😀`,
  `${long(max - 2)}😀`,
];
const limitUrls = (max: number): unknown[] => [
  `https://example.com/${long(max - 20)}`,
  `https://example.com/${long(max - 19)}`,
  'ftp://example.com/a',
  'http://',
  'http:///x',
  'http:x',
  'https://exa mple.com',
  'https://example.com/\n',
  'https://exa[mple.com',
  'HTTPS://EXAMPLE.COM/X',
  'https://例え.jp/商品',
  '',
];
const limitArrays = (max: number, item: unknown, bad: unknown): unknown[] => [
  [],
  Array.from({ length: max }, () => item),
  Array.from({ length: max + 1 }, () => item),
  [item, bad],
  [[item]],
];
const limitAttributes = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));

/** Values chosen at or next to each field's rule boundaries. */
const EDGE_VALUES: Record<(typeof SCHEMA_FIELDS)[number], unknown[]> = {
  id: [0, -0, -7, 1.5, 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER, NaN, 'a\tb', 'a\u0085b', 'a\u007fb', ...limitStrings(1, 100)],
  title: [' ', '\t\n', '\u00a0', ' padded ', ...limitStrings(1, 150)],
  description: limitStrings(0, 5000),
  url: limitUrls(2048),
  image_url: limitUrls(2048),
  additional_image_urls: limitArrays(20, 'https://cdn.example.com/a.jpg', 'nope'),
  price: [
    { amount: 1e12, currency: 'USD' },
    { amount: 1e12 + 1, currency: 'USD' },
    { amount: -0, currency: 'USD' },
    { amount: -0.01, currency: 'USD' },
    { amount: 1.2345, currency: 'USD' },
    { amount: 1.23456, currency: 'USD' },
    { amount: 1e-7, currency: 'USD' },
    { amount: 1, currency: 'usd' },
    { amount: 1, currency: 'HRK' },
    { amount: 1, currency: 'US' },
    { amount: 1 },
    { currency: 'USD' },
    { currency: 'EUR', amount: 5 },
    { amount: 1, currency: 'USD', value: 2 },
    JSON.parse('{"amount":1,"currency":"USD","constructor":1}'),
    JSON.parse('{"amount":1,"currency":"USD","__proto__":{}}'),
  ],
  sale_price: [
    { amount: 0, currency: 'USD' },
    { amount: 0, currency: 'EUR' },
    { amount: 1e12, currency: 'USD' },
    { amount: 1, currency: 'Usd' },
    { amount: 1.00001, currency: 'USD' },
  ],
  availability: ['in_stock', 'IN_STOCK', 'in stock', ''],
  condition: ['new', 'used', 'New', ''],
  brand: limitStrings(1, 70),
  gtin: [
    '73513537',
    '73513530',
    '036000291452',
    '036000291453',
    '4006381333931',
    '400638133393',
    '1234567',
    '123456789012345',
    '40063813339A1',
    4006381333931,
  ],
  mpn: limitStrings(1, 70),
  group_id: limitStrings(1, 100),
  categories: limitArrays(20, long(255), long(256)),
  tags: limitArrays(50, long(100), long(101)),
  inventory_quantity: [0, -0, -1, 1.5, Number.MAX_SAFE_INTEGER, 2 ** 53, '5', Infinity],
  attributes: [
    limitAttributes(100),
    limitAttributes(101),
    { '': 1 },
    { [long(128)]: 1 },
    { [long(129)]: 1 },
    { a: long(1000) },
    { a: long(1001) },
    { a: null },
    { a: [1] },
    { a: { b: 1 } },
    { a: Infinity },
    { a: NaN },
    { a: undefined },
    JSON.parse('{"__proto__":"x","constructor":"y","toString":1}'),
    JSON.parse('{"__proto__":{"x":1}}'),
  ],
  language: [
    'de',
    'de-CH',
    'zh-Hant-TW',
    `de-${'abcdefgh-'.repeat(3)}abcd`,
    `de-${'abcdefgh-'.repeat(3)}abcde`,
    'd',
    'de_CH',
    'de-',
    '',
    'ドイツ',
  ],
};

/** Values of the wrong type or shape for any field. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, undefined, true, false, 0, -0, -1, 1.5, NaN, Infinity, -Infinity, 2 ** 53, '', ' ', [], {}),
  fc.string({ maxLength: 12 }),
  fc.double(),
  fc.integer(),
  fc.constant(JSON.parse('{"constructor":"x","__proto__":{"constructor":1},"toString":1}')),
  fc.nat(2_000).map((depth) => {
    let value: unknown = 'leaf';
    for (let i = 0; i < depth; i++) value = depth % 2 === 0 ? [value] : { a: value };
    return value;
  }),
  fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(null)), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { maxKeys: 3 }),
);

const field = fc.constantFrom(...SCHEMA_FIELDS);
const UNKNOWN_KEYS = [
  'colour',
  'sku',
  'Title',
  'id ',
  '',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'then',
  '\u0000',
  '\uD800',
  'amount',
];
/** Any UTF-16 code unit sequence that cannot be stored, or a control character. */
const badText = fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uDE00\uD83D', '\t', '\u0085');

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  field.map(
    (key): Mutation =>
      (element) =>
        withField(element, key, ABSENT),
  ),
  fc.tuple(field, junk).map(
    ([key, value]): Mutation =>
      (element) =>
        withField(element, key, value),
  ),
  {
    // Boundary values are where a wiring mistake hides: drawn more often than the rest.
    weight: 4,
    arbitrary: field.chain((key) =>
      fc.constantFrom(...EDGE_VALUES[key]).map(
        (value): Mutation =>
          (element) =>
            withField(element, key, value),
      ),
    ),
  },
  fc.tuple(fc.constantFrom(...UNKNOWN_KEYS), junk).map(
    ([key, value]): Mutation =>
      (element) =>
        withField(element, key, value),
  ),
  fc
    .tuple(fc.constantFrom('price', 'sale_price'), fc.constantFrom(...UNKNOWN_KEYS), junk)
    .map(([money, key, value]): Mutation => (element) => {
      const current = element[money];
      if (typeof current !== 'object' || current === null) return element;
      return withField(element, money, withField(current as Element, key, value));
    }),
  fc
    .tuple(fc.constantFrom('price', 'sale_price'), fc.constantFrom('amount', 'currency'), junk)
    .map(([money, key, value]): Mutation => (element) => {
      const current = element[money];
      if (typeof current !== 'object' || current === null) return element;
      return withField(element, money, withField(current as Element, key, value));
    }),
  fc.tuple(money, money).map(
    ([price, sale]): Mutation =>
      (element) =>
        withField(withField(element, 'price', price), 'sale_price', sale),
  ),
  fc.tuple(fc.nat(), fc.nat(), badText).map(
    ([n, at, bad]): Mutation =>
      (element) =>
        changeNthString(element, n, (text) => text.slice(0, at % (text.length + 1)) + bad + text.slice(at % (text.length + 1))),
  ),
  fc.tuple(fc.nat(), fc.nat(2)).map(
    ([n, delta]): Mutation =>
      (element) =>
        changeNthString(element, n, (text) => text + long(delta)),
  ),
  fc.tuple(fc.constantFrom('attributes', 'price'), junk).map(([key, value]): Mutation => (element) => {
    const current = element[key];
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return element;
    return withField(element, key, withField(current as Element, 'nested', value));
  }),
);

const mutatedProduct = fc
  .tuple(realisticProduct, fc.array(mutation, { minLength: 1, maxLength: 3 }))
  .map(([product, mutations]) =>
    mutations.reduce<unknown>(
      (element, mutate) => (typeof element === 'object' && element !== null ? mutate(element as Element) : element),
      product,
    ),
  );

// ---------------------------------------------------------------------------------------------
// Properties

/** The contract; returns whether the fast path produced a product. */
function expectAgreement(element: unknown): { fast: boolean; full: boolean } {
  const fast = fastValidProduct(element);
  const full = validateProduct(element);
  expect(fastValidProductId(element)).toBe(full.valid && fast !== null ? full.product.id : null);
  if (fast !== null) {
    if (!full.valid) throw new Error(`fast path accepted an element validateProduct rejects: ${JSON.stringify(full.errors)}`);
    expect(fast).toStrictEqual(full.product);
    expect(keyTree(fast)).toEqual(keyTree(full.product));
  }
  return { fast: fast !== null, full: full.valid };
}

describe('fastValidProduct agrees with validateProduct', () => {
  it('takes every realistic product, returning the same product (1,000 runs)', () => {
    fc.assert(
      fc.property(realisticProduct, (product) => {
        expect(validateProduct(product).valid).toBe(true);
        expect(expectAgreement(product).fast).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('never returns a product validateProduct would not, for mutated products (3,000 runs)', () => {
    const seen = { fastProducts: 0, rejected: 0 };
    fc.assert(
      fc.property(mutatedProduct, (element) => {
        const { fast, full } = expectAgreement(element);
        if (fast) seen.fastProducts++;
        if (!full) seen.rejected++;
      }),
      { numRuns: 3000 },
    );
    // The mutations must exercise both outcomes to mean anything.
    expect(seen.fastProducts).toBeGreaterThan(300);
    expect(seen.rejected).toBeGreaterThan(1500);
  });

  it('is exact on JSON data: null only for elements validateProduct rejects (1,000 runs)', () => {
    fc.assert(
      fc.property(mutatedProduct, (mutated) => {
        const json = JSON.stringify(mutated);
        if (json === undefined) return;
        const element: unknown = JSON.parse(json);
        const { fast, full } = expectAgreement(element);
        expect(fast).toBe(full);
      }),
      { numRuns: 1000 },
    );
  });
});
