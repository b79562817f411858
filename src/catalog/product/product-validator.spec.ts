import { FieldError, validateProduct } from './product-validator';
import { isStorableString } from '../validation/rules/storable-string';
import { fullProduct } from '../testing/full-product';
import { PRODUCT_FIELDS } from '../testing/product-fields';

const BASE = { id: 'SKU-1', title: 'Merino sweater' };
const URL_MESSAGE = 'must be an absolute http or https URL of at most 2048 characters';
const CURRENCY_MESSAGE = 'must be an ISO 4217 currency code in upper case (e.g. USD)';
const AMOUNT_MESSAGE = 'must be a number from 0 to 1000000000000 with at most 4 decimal places';
const UNSTORABLE = 'contains a NUL character or an unpaired surrogate, which cannot be stored';
const ATTRIBUTE_VALUE_MESSAGE = 'must be a string of at most 1000 characters, a finite number or a boolean';

function errorsOf(element: unknown): FieldError[] {
  const result = validateProduct(element);
  return result.valid ? [] : result.errors;
}

/** Validates BASE with `patch` applied (a patch value of undefined removes the key). */
function check(patch: Record<string, unknown>): FieldError[] {
  const element: Record<string, unknown> = { ...BASE, ...patch };
  for (const key of Object.keys(patch)) if (patch[key] === undefined) delete element[key];
  return errorsOf(element);
}

function expectValid(patch: Record<string, unknown>): void {
  expect(check(patch)).toEqual([]);
}

function expectError(patch: Record<string, unknown>, field: string, message: string): void {
  expect(check(patch)).toEqual([{ field, message }]);
}

const url = (length: number) => `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`;
const strings = (count: number, length = 5) => Array.from({ length: count }, (_, i) => `${i}`.padEnd(length, 'x'));

describe('validateProduct', () => {
  describe('element', () => {
    it.each([
      [42, 'number'],
      ['{"id":"1"}', 'string'],
      [null, 'null'],
      [[{ id: '1', title: 't' }], 'array'],
      [true, 'boolean'],
      [undefined, 'undefined'],
    ])('refuses %p as a non-object', (element, type) => {
      expect(validateProduct(element)).toEqual({
        valid: false,
        productId: null,
        errors: [{ field: '', message: `product must be a JSON object, got ${type}` }],
      });
    });

    it('reports one "unknown field" error per unknown top-level field', () => {
      expect(check({ colour: 'red', 'shipping weight': 2, sku: 'x' })).toEqual([
        { field: 'colour', message: 'unknown field' },
        { field: '["shipping weight"]', message: 'unknown field' },
        { field: 'sku', message: 'unknown field' },
      ]);
    });

    it('reports keys that class-transformer would silently drop as unknown fields', () => {
      const element = JSON.parse('{"id":"1","title":"t","__proto__":{"x":1},"constructor":"c","toString":1}');
      expect(errorsOf(element)).toEqual([
        { field: '__proto__', message: 'unknown field' },
        { field: 'constructor', message: 'unknown field' },
        { field: 'toString', message: 'unknown field' },
      ]);
    });

    it('reports both required fields when missing', () => {
      expect(errorsOf({})).toEqual([
        { field: 'id', message: 'is required' },
        { field: 'title', message: 'is required' },
      ]);
    });
  });

  describe('id', () => {
    it.each(['a', 'x'.repeat(100), 'SKU 10/42-ß', '😀'])('accepts string %p', (id) => expectValid({ id }));

    it.each([
      [123, '123'],
      [0, '0'],
      [-7, '-7'],
      [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    ])('stores integer %p as %p', (id, stored) => {
      expect(validateProduct({ ...BASE, id })).toEqual({ valid: true, product: { id: stored, title: BASE.title } });
    });

    const idMessage = 'must be a string of 1 to 100 characters or a safe integer';
    it.each([[''], ['x'.repeat(101)], [1.5], [2 ** 53], [-(2 ** 53)], [null], [true], [{}], [['1']]])('refuses %p', (id) =>
      expectError({ id }, 'id', idMessage),
    );

    it.each(['a\tb', 'a\nb', 'a\u007fb', 'a\u0085b'])('refuses control characters in %p', (id) =>
      expectError({ id }, 'id', 'must not contain control characters'),
    );

    it('is required', () => expectError({ id: undefined }, 'id', 'is required'));
  });

  describe('productId of invalid products', () => {
    it.each([
      [{ id: 'abc', title: 5 }, 'abc'],
      [{ id: 42, title: 5 }, '42'],
      [{ id: 'x'.repeat(100) }, 'x'.repeat(100)],
      [{ id: 'x'.repeat(101) }, null],
      [{ id: 1.5 }, null],
      [{ id: 2 ** 53 }, null],
      [{ id: '' }, null],
      [{ id: null }, null],
      [{ title: 't' }, null],
      [{ id: 'a\u0000b' }, null],
    ])('%p → %p', (element, productId) => {
      expect(validateProduct(element)).toMatchObject({ valid: false, productId });
    });
  });

  describe('title', () => {
    it.each(['a', 'x'.repeat(150), ' padded '])('accepts %p', (title) => expectValid({ title }));
    it.each([[''], ['x'.repeat(151)], [5], [null], [['t']]])('refuses %p', (title) =>
      expectError({ title }, 'title', 'must be a string of 1 to 150 characters'),
    );
    it.each([' ', '   ', '\t\n', '\u00a0'])('refuses whitespace-only %p', (title) =>
      expectError({ title }, 'title', 'must contain a non-whitespace character'),
    );
    it('is required', () => expectError({ title: undefined }, 'title', 'is required'));
  });

  describe('description', () => {
    it.each(['', 'x'.repeat(5000)])('accepts a string of %#', (description) => expectValid({ description }));
    it.each([['x'.repeat(5001)], [null], [1], [{}]])('refuses %#', (description) =>
      expectError({ description }, 'description', 'must be a string of at most 5000 characters'),
    );
  });

  describe.each(['url', 'image_url'])('%s', (field) => {
    it.each([
      'https://example.com',
      'http://example.com/p/1?colour=red#top',
      'HTTPS://EXAMPLE.COM/X',
      'https://例え.jp/商品',
      'http://127.0.0.1:8080/a',
      url(2048),
    ])('accepts %p', (value) => expectValid({ [field]: value }));

    it.each([
      'ftp://example.com/a',
      'javascript:alert(1)',
      '//example.com/a',
      'example.com/a',
      '/relative',
      'http:example.com',
      'http:///example.com',
      'http://',
      'https://exa mple.com',
      'https://example.com/a b',
      ' https://example.com',
      'https://example.com/\n',
      'https://exa[mple.com',
      url(2049),
      '',
      null,
      42,
    ])('refuses %p', (value) => expectError({ [field]: value }, field, URL_MESSAGE));
  });

  describe('additional_image_urls', () => {
    it.each([[[]], [[url(30)]], [Array.from({ length: 20 }, (_, i) => `https://cdn.example.com/${i}.jpg`)]])('accepts %#', (value) =>
      expectValid({ additional_image_urls: value }),
    );
    it('refuses more than 20 items', () => {
      const value = Array.from({ length: 21 }, (_, i) => `https://cdn.example.com/${i}.jpg`);
      expectError({ additional_image_urls: value }, 'additional_image_urls', 'must be at most 20 items');
    });
    it('reports each bad item under its index', () => {
      expect(check({ additional_image_urls: ['ftp://x.com/a', 'https://x.com/a', 'nope'] })).toEqual([
        { field: 'additional_image_urls[0]', message: URL_MESSAGE },
        { field: 'additional_image_urls[2]', message: URL_MESSAGE },
      ]);
    });
    it.each([['https://x.com/a'], [null], [{ 0: 'https://x.com/a' }]])('refuses non-array %p', (value) =>
      expectError({ additional_image_urls: value }, 'additional_image_urls', 'must be an array'),
    );
  });

  describe.each(['price', 'sale_price'])('%s', (field) => {
    it.each([
      { amount: 0, currency: 'USD' },
      { amount: 19.99, currency: 'EUR' },
      { amount: 1.2345, currency: 'GBP' },
      { amount: 1e12, currency: 'JPY' },
      { currency: 'CHF', amount: 5 },
    ])('accepts %p', (money) => expectValid({ [field]: money }));

    it.each([[-0.01], [-1], [1e12 + 1], [1.23456], [0.00001], ['19.99'], [null], [true], [Infinity], [NaN], [{}]])(
      'refuses amount %p',
      (amount) => expectError({ [field]: { amount, currency: 'USD' } }, `${field}.amount`, AMOUNT_MESSAGE),
    );

    it.each([['usd'], ['Usd'], ['US'], ['USDD'], ['XYZ'], ['HRK'], [' USD'], [840], [null]])('refuses currency %p', (currency) =>
      expectError({ [field]: { amount: 1, currency } }, `${field}.currency`, CURRENCY_MESSAGE),
    );

    it('requires amount and currency', () => {
      expect(check({ [field]: {} })).toEqual([
        { field: `${field}.amount`, message: 'is required' },
        { field: `${field}.currency`, message: 'is required' },
      ]);
    });

    it('refuses other keys inside, including ones class-transformer would drop', () => {
      const money = JSON.parse('{"amount":1,"currency":"USD","value":1,"constructor":2,"__proto__":{}}');
      expect(check({ [field]: money })).toEqual([
        { field: `${field}.value`, message: 'unknown field' },
        { field: `${field}.constructor`, message: 'unknown field' },
        { field: `${field}.__proto__`, message: 'unknown field' },
      ]);
    });

    it.each([[null], [[]], [[{ amount: 1, currency: 'USD' }]], ['19.99 USD'], [19.99]])('refuses non-object %p', (money) =>
      expectError({ [field]: money }, field, 'must be an object with amount and currency'),
    );
  });

  describe('sale_price against price', () => {
    const price = { amount: 20, currency: 'USD' };
    it.each([
      { amount: 15, currency: 'USD' },
      { amount: 20, currency: 'USD' },
    ])('accepts %p', (sale_price) => expectValid({ price, sale_price }));

    it('accepts a sale price without a price', () => expectValid({ sale_price: { amount: 15, currency: 'USD' } }));

    it('refuses a sale amount above the price', () =>
      expectError(
        { price, sale_price: { amount: 20.01, currency: 'USD' } },
        'sale_price.amount',
        'must be less than or equal to price.amount',
      ));

    it('refuses a different currency', () =>
      expectError({ price, sale_price: { amount: 5, currency: 'EUR' } }, 'sale_price.currency', 'must equal price.currency'));

    it('does not compare against an invalid price', () =>
      expectError(
        { price: { amount: 1, currency: 'usd' }, sale_price: { amount: 5, currency: 'EUR' } },
        'price.currency',
        CURRENCY_MESSAGE,
      ));

    it('reports an invalid sale price by its own rule only', () =>
      expectError({ price, sale_price: { amount: 50, currency: 'eur' } }, 'sale_price.currency', CURRENCY_MESSAGE));
  });

  describe.each([
    ['availability', ['in_stock', 'out_of_stock', 'preorder', 'backorder'], 'must be one of: in_stock, out_of_stock, preorder, backorder'],
    ['condition', ['new', 'refurbished', 'used'], 'must be one of: new, refurbished, used'],
  ])('%s', (field, values, message) => {
    it.each(values)('accepts %p', (value) => expectValid({ [field]: value }));
    it.each([['IN_STOCK'], ['in stock'], ['New'], [''], [null], [1]])('refuses %p', (value) =>
      expectError({ [field]: value }, field, message),
    );
  });

  describe.each([
    ['brand', 70],
    ['mpn', 70],
    ['group_id', 100],
  ])('%s', (field, max) => {
    it.each(['a', 'x'.repeat(max)])('accepts %#', (value) => expectValid({ [field]: value }));
    it.each([[''], ['x'.repeat(max + 1)], [null], [7]])('refuses %#', (value) =>
      expectError({ [field]: value }, field, `must be a string of 1 to ${max} characters`),
    );
  });

  describe('gtin', () => {
    it.each(['73513537', '96385074', '036000291452', '4006381333931', '0012345678905', '10012345678902', '00012345600012'])(
      'accepts %p',
      (gtin) => expectValid({ gtin }),
    );
    it.each(['73513530', '036000291453', '4006381333932', '10012345678903'])('refuses bad check digit %p', (gtin) =>
      expectError({ gtin }, 'gtin', 'must end with a valid GS1 check digit'),
    );
    it.each([
      ['1234567'],
      ['123456789'],
      ['12345678901'],
      ['123456789012345'],
      ['40063813339A1'],
      [' 4006381333931'],
      [''],
      [4006381333931],
      [null],
    ])('refuses shape %p', (gtin) => expectError({ gtin }, 'gtin', 'must be a string of 8, 12, 13 or 14 digits'));
  });

  describe.each([
    ['categories', 20, 255],
    ['tags', 50, 100],
  ])('%s', (field, maxItems, maxLength) => {
    const itemMessage = `must be a string of 1 to ${maxLength} characters`;
    it('accepts the limits', () => {
      expectValid({ [field]: [] });
      expectValid({ [field]: strings(maxItems, maxLength) });
    });
    it('refuses too many items', () => expectError({ [field]: strings(maxItems + 1) }, field, `must be at most ${maxItems} items`));
    it('reports each bad item under its index', () => {
      expect(check({ [field]: ['ok', '', 'ok', 'x'.repeat(maxLength + 1), 3, null, ['nested'], { a: 1 }] })).toEqual(
        [1, 3, 4, 5, 6, 7].map((i) => ({ field: `${field}[${i}]`, message: itemMessage })),
      );
    });
    it.each([['a'], [null], [{}]])('refuses non-array %p', (value) => expectError({ [field]: value }, field, 'must be an array'));
  });

  describe('inventory_quantity', () => {
    it.each([0, 1, 5000, Number.MAX_SAFE_INTEGER])('accepts %p', (value) => expectValid({ inventory_quantity: value }));
    it.each([[-1], [1.5], [2 ** 53], ['5'], [null], [Infinity], [true]])('refuses %p', (value) =>
      expectError({ inventory_quantity: value }, 'inventory_quantity', 'must be an integer from 0 to 9007199254740991'),
    );
  });

  describe('attributes', () => {
    it('accepts strings, finite numbers and booleans', () =>
      expectValid({ attributes: { color: 'navy', empty: '', long: 'x'.repeat(1000), n: -1.5, zero: 0, yes: true, no: false } }));

    it('accepts 100 keys and 128-character keys', () => {
      expectValid({ attributes: Object.fromEntries(strings(100).map((k) => [k, 1])) });
      expectValid({ attributes: { ['k'.repeat(128)]: 1 } });
    });

    it('accepts keys that are special to JavaScript objects', () =>
      expectValid({ attributes: JSON.parse('{"__proto__":"a","constructor":"b","toString":"c","hasOwnProperty":true}') }));

    it('refuses more than 100 keys', () =>
      expectError({ attributes: Object.fromEntries(strings(101).map((k) => [k, 1])) }, 'attributes', 'must have at most 100 keys'));

    it('refuses keys of 0 or more than 128 characters', () => {
      expect(check({ attributes: { '': 1, ['k'.repeat(129)]: 2 } })).toEqual([
        { field: 'attributes[""]', message: 'key must be 1 to 128 characters' },
        { field: `attributes["${'k'.repeat(128)}…"]`, message: 'key must be 1 to 128 characters' },
      ]);
    });

    it.each([[{ a: 1 }], [[1]], [null], ['x'.repeat(1001)], [Infinity], [-Infinity], [NaN]])('refuses value %p', (value) =>
      expectError({ attributes: { color: value } }, 'attributes.color', ATTRIBUTE_VALUE_MESSAGE),
    );

    it('refuses 1e400, which JSON.parse turns into Infinity', () =>
      expect(errorsOf(JSON.parse('{"id":"1","title":"t","attributes":{"weight":1e400}}'))).toEqual([
        { field: 'attributes.weight', message: ATTRIBUTE_VALUE_MESSAGE },
      ]));

    it('names keys that are not identifiers in brackets', () =>
      expectError({ attributes: { 'size (EU)': null } }, 'attributes["size (EU)"]', ATTRIBUTE_VALUE_MESSAGE));

    it('reports a nested object value under the key of JS-special names too', () =>
      expect(errorsOf(JSON.parse('{"id":"1","title":"t","attributes":{"__proto__":{"x":1},"constructor":[1]}}'))).toEqual([
        { field: 'attributes.__proto__', message: ATTRIBUTE_VALUE_MESSAGE },
        { field: 'attributes.constructor', message: ATTRIBUTE_VALUE_MESSAGE },
      ]));

    it.each([[[]], [null], ['color=red'], [1]])('refuses non-object %p', (value) =>
      expectError({ attributes: value }, 'attributes', 'must be a JSON object'),
    );
  });

  describe('strings PostgreSQL cannot store', () => {
    it.each([
      ['NUL', 'a\u0000b'],
      ['lone high surrogate', 'a\uD83D'],
      ['lone low surrogate', '\uDE00b'],
      ['reversed pair', '\uDE00\uD83D'],
    ])('refuses a %s in a value', (_name, text) => expectError({ title: text }, 'title', UNSTORABLE));

    it('accepts paired surrogates', () => expectValid({ title: 'smile 😀', attributes: { '😀': '😀' } }));

    it('refuses them in array items and nested values', () => {
      expect(check({ categories: ['ok', 'b\u0000'], price: { amount: 1, currency: 'USD\uD800' } })).toEqual([
        { field: 'categories[1]', message: UNSTORABLE },
        { field: 'price.currency', message: UNSTORABLE },
        { field: 'price.currency', message: CURRENCY_MESSAGE },
      ]);
    });

    it('refuses them in an attributes key, with an escaped path', () =>
      expectError({ attributes: { 'co\u0000lor': 'red' } }, 'attributes["co\\u0000lor"]', UNSTORABLE));

    it('refuses them inside a nested unknown field', () => {
      expect(check({ extra: { deeper: [{ ['k\uDC00']: 1 }, 'v\u0000'] } })).toEqual([
        { field: 'extra', message: 'unknown field' },
        { field: 'extra.deeper[1]', message: UNSTORABLE },
        { field: 'extra.deeper[0]["k\\udc00"]', message: UNSTORABLE },
      ]);
    });

    it('never puts an unstorable character into an error path', () => {
      const errors = check({ ['\u0000']: 1, attributes: { ['\uD800']: '\uDC00' } });
      expect(errors.length).toBeGreaterThan(0);
      for (const { field, message } of errors) {
        expect(isStorableString(field)).toBe(true);
        expect(isStorableString(message)).toBe(true);
      }
    });
  });

  describe('objects that could trip class-transformer', () => {
    const FIELDS = PRODUCT_FIELDS.filter((field) => field !== 'attributes');
    const tricky = () => JSON.parse('{"constructor":"x","__proto__":{"constructor":1},"toString":1}');

    it.each(FIELDS)('reports %s holding an object with "constructor"/"__proto__" keys, without throwing', (field) => {
      const errors = check({ [field]: tricky() });
      expect(errors.length).toBeGreaterThan(0);
      for (const error of errors) expect(error.field.startsWith(field)).toBe(true);
    });

    it('reports such objects inside arrays and money values', () => {
      expect(check({ categories: [tricky()], price: { amount: tricky(), currency: 'USD' } })).toEqual([
        { field: 'price.amount', message: AMOUNT_MESSAGE },
        { field: 'categories[0]', message: 'must be a string of 1 to 255 characters' },
      ]);
    });
  });

  describe('deep nesting', () => {
    function nestedArray(depth: number, leaf: unknown = 1): unknown {
      let value: unknown = leaf;
      for (let i = 0; i < depth; i++) value = [value];
      return value;
    }

    function nestedObject(depth: number): unknown {
      let value: unknown = {};
      for (let i = 0; i < depth; i++) value = { a: value };
      return value;
    }

    it('reports a 100,000-deep array in an unknown field as unknown without throwing', () => {
      expect(check({ extra: nestedArray(100_000) })).toEqual([{ field: 'extra', message: 'unknown field' }]);
      expect(check({ extra: nestedObject(100_000) })).toEqual([{ field: 'extra', message: 'unknown field' }]);
    });

    it('reports 100,000-deep values in known fields as the wrong type', () => {
      const deep = nestedArray(100_000);
      expect(check({ title: deep, categories: deep, attributes: { a: deep }, price: { amount: deep, currency: 'USD' } })).toEqual([
        { field: 'title', message: 'must be a string of 1 to 150 characters' },
        { field: 'price.amount', message: AMOUNT_MESSAGE },
        { field: 'categories[0]', message: 'must be a string of 1 to 255 characters' },
        { field: 'attributes.a', message: ATTRIBUTE_VALUE_MESSAGE },
      ]);
    });

    it('finds an unstorable string at the bottom and reports a shortened path', () => {
      const errors = check({ extra: nestedArray(100_000, '\u0000') });
      expect(errors).toHaveLength(2);
      expect(errors[1].message).toBe(UNSTORABLE);
      expect(errors[1].field).toBe(`extra${'[0]'.repeat(31)}…`);
    });
  });

  describe('normalised product', () => {
    // A numeric id and money keys out of order: both are normalised.
    const full = { ...fullProduct(), id: 10042, sale_price: { currency: 'EUR', amount: 69.9 } };

    it('is a plain object with id as string and keys in schema order', () => {
      const reversed = Object.fromEntries(Object.entries(full).reverse());
      const result = validateProduct(reversed);
      expect(result).toEqual({ valid: true, product: { ...full, id: '10042' } });
      if (!result.valid) return;
      expect(Object.keys(result.product)).toEqual(Object.keys(full));
      expect(Object.keys(result.product.sale_price!)).toEqual(['amount', 'currency']);
      expect(Object.getPrototypeOf(result.product.price)).toBe(Object.prototype);
      expect(JSON.parse(JSON.stringify(result.product))).toEqual(result.product);
    });

    it('contains only the fields that were present', () => {
      expect(validateProduct({ id: 'a', title: 't', brand: 'b' })).toEqual({ valid: true, product: { id: 'a', title: 't', brand: 'b' } });
    });

    it('does not share arrays or objects with the input', () => {
      const input = structuredClone(full);
      const result = validateProduct(input);
      input.tags.push('changed');
      input.attributes.color = 'changed';
      input.price.amount = 1;
      expect(result).toMatchObject({
        valid: true,
        product: { tags: ['merino', 'winter'], attributes: { color: 'navy' }, price: { amount: 89.9 } },
      });
    });

    it('keeps an attribute named __proto__ as an ordinary key', () => {
      const result = validateProduct(JSON.parse('{"id":"1","title":"t","attributes":{"__proto__":"x"}}'));
      if (!result.valid) throw new Error('expected valid');
      expect(Object.keys(result.product.attributes!)).toEqual(['__proto__']);
      expect(Object.getPrototypeOf(result.product.attributes)).toBe(Object.prototype);
      expect(JSON.stringify(result.product.attributes)).toBe('{"__proto__":"x"}');
    });

    it('does not modify the input', () => {
      const input = structuredClone(full);
      validateProduct(input);
      expect(input).toEqual(full);
    });
  });
});
