import 'reflect-metadata';
import { IsEmail } from 'class-validator';
import { Satisfies } from '../../../catalog/validation/decorators/satisfies.decorator';
import { declaredRulesOf } from '../../../catalog/validation/declared-rules';
import { IsCurrencyCode, IsMoneyAmount } from '../../../catalog/validation/decorators/money.decorators';
import { ProductDto } from '../../../catalog/product/product.dto';
import { IsStringOfLength, NotBlank } from '../../../catalog/validation/decorators/string.decorators';
import { OptionalNotNull, Required } from '../../../catalog/validation/decorators/presence.decorators';
import { fullProduct } from '../../../catalog/testing/full-product';
import { FAST_PATH_SCHEMA_DRIFT, fastProductCheck, fastValidProduct, fastValidProductId } from './fast-product-check';
import { validateProduct } from '../../../catalog/product/product-validator';

const BASE = { id: 'SKU-1', title: 'Merino sweater' };

const FULL = fullProduct();

/** Object keys at every level, in order, so key order is compared and not just content. */
function keyTree(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keyTree);
  if (typeof value === 'object' && value !== null) {
    return Object.keys(value).map((key) => [key, keyTree((value as Record<string, unknown>)[key])]);
  }
  return typeof value;
}

/** BASE (or another base) with `patch` applied; a patch value of undefined removes the key. */
function patched(patch: Record<string, unknown>, base: Record<string, unknown> = BASE): Record<string, unknown> {
  const element: Record<string, unknown> = { ...base };
  for (const key of Object.keys(patch)) {
    if (patch[key] === undefined) delete element[key];
    else Object.defineProperty(element, key, { value: patch[key], enumerable: true, writable: true, configurable: true });
  }
  return element;
}

const url = (length: number) => `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`;
const strings = (count: number, length = 5) => Array.from({ length: count }, (_, i) => `${i}`.padEnd(length, 'x'));
const urls = (count: number) => Array.from({ length: count }, (_, i) => `https://cdn.example.com/${i}.jpg`);
const attributes = (count: number) => Object.fromEntries(strings(count).map((key, i) => [key, i]));
/** JSON copy: structuredClone would build objects of Jest's outer realm, which the fast path treats as unusual. */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const reversed = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).reverse());

describe('fastValidProduct', () => {
  it('covers every field and rule of ProductDto (otherwise it is switched off)', () => {
    expect(FAST_PATH_SCHEMA_DRIFT).toEqual([]);
  });

  describe('valid products: same product as validateProduct, same key order', () => {
    it.each<[string, Record<string, unknown>]>([
      ['full product', FULL],
      ['full product with keys in reverse order', reversed(FULL)],
      [
        'full product with money keys reversed',
        patched({ price: { currency: 'EUR', amount: 89 }, sale_price: { currency: 'EUR', amount: 89 } }, FULL),
      ],
      ['minimal product', BASE],
      ['integer id', { id: 10043, title: 'Wool Hiking Socks' }],
      ['integer id 0', { id: 0, title: 't' }],
      ['negative integer id', { id: -7, title: 't' }],
      ['largest safe integer id', { id: Number.MAX_SAFE_INTEGER, title: 't' }],
      ['-0 id', { id: -0, title: 't' }],
      ['integer id in a full product', patched({ id: 10042 }, FULL)],
      ['id of 100 characters', patched({ id: 'x'.repeat(100) })],
      ['id with an emoji', patched({ id: '😀' })],
      ['title of 150 characters', patched({ title: 'x'.repeat(150) })],
      ['padded title', patched({ title: ' padded ' })],
      ['empty description', patched({ description: '' })],
      ['description of 5000 characters', patched({ description: 'x'.repeat(5000) })],
      ['url of 2048 characters', patched({ url: url(2048), image_url: url(2048) })],
      ['upper-case and IDN urls', patched({ url: 'HTTPS://EXAMPLE.COM/X', image_url: 'https://例え.jp/商品' })],
      ['no additional images', patched({ additional_image_urls: [] })],
      ['20 additional images', patched({ additional_image_urls: urls(20) })],
      ['zero price', patched({ price: { amount: 0, currency: 'USD' } })],
      ['-0 price', patched({ price: { amount: -0, currency: 'USD' } })],
      ['largest price', patched({ price: { amount: 1e12, currency: 'JPY' } })],
      ['price with 4 decimals', patched({ price: { amount: 1.2345, currency: 'GBP' } })],
      ['sale price equal to price', patched({ price: { amount: 20, currency: 'USD' }, sale_price: { amount: 20, currency: 'USD' } })],
      ['sale price without price', patched({ sale_price: { amount: 15, currency: 'XAU' } })],
      ...['in_stock', 'out_of_stock', 'preorder', 'backorder'].map((availability): [string, Record<string, unknown>] => [
        `availability ${availability}`,
        patched({ availability }),
      ]),
      ...['new', 'refurbished', 'used'].map((condition): [string, Record<string, unknown>] => [
        `condition ${condition}`,
        patched({ condition }),
      ]),
      ...['73513537', '036000291452', '4006381333931', '00012345600012'].map((gtin): [string, Record<string, unknown>] => [
        `gtin ${gtin}`,
        patched({ gtin }),
      ]),
      ['brand, mpn and group id at their limits', patched({ brand: 'x'.repeat(70), mpn: 'x'.repeat(70), group_id: 'x'.repeat(100) })],
      ['one-character brand, mpn and group id', patched({ brand: 'b', mpn: 'm', group_id: 'g' })],
      ['20 categories of 255 characters', patched({ categories: strings(20, 255) })],
      ['50 tags of 100 characters', patched({ tags: strings(50, 100) })],
      ['empty categories and tags', patched({ categories: [], tags: [] })],
      ['inventory 0', patched({ inventory_quantity: 0 })],
      ['largest inventory', patched({ inventory_quantity: Number.MAX_SAFE_INTEGER })],
      ['empty attributes', patched({ attributes: {} })],
      ['100 attributes', patched({ attributes: attributes(100) })],
      [
        'attribute edge values',
        patched({ attributes: { ['k'.repeat(128)]: 'x'.repeat(1000), e: '', n: -1.5, z: -0, yes: true, no: false } }),
      ],
      [
        'attribute keys special to JavaScript',
        patched({ attributes: JSON.parse('{"__proto__":"a","constructor":"b","toString":"c","10":1,"2":2}') }),
      ],
      ['paired surrogates everywhere', patched({ title: 'smile 😀', tags: ['😀'], attributes: { '😀': '😀' } })],
    ])('%s', (_name, element) => {
      const full = validateProduct(element);
      if (!full.valid) throw new Error(`fixture should be valid: ${JSON.stringify(full.errors)}`);
      const fast = fastValidProduct(element);
      expect(fast).not.toBeNull();
      expect(fast).toStrictEqual(full.product);
      expect(keyTree(fast)).toEqual(keyTree(full.product));
    });

    it('copies arrays, money and attributes instead of sharing them with the element', () => {
      const element = clone(FULL);
      const product = fastValidProduct(element)!;
      element.tags.push('changed');
      element.attributes.color = 'changed';
      element.price.amount = 1;
      expect(product).toMatchObject({ tags: ['merino', 'winter'], attributes: { color: 'navy' }, price: { amount: 89.9 } });
      expect(Object.getPrototypeOf(product.price)).toBe(Object.prototype);
    });

    it('does not modify the element', () => {
      const element = clone(FULL);
      fastValidProduct(element);
      expect(element).toEqual(FULL);
    });

    it('keeps an attribute named __proto__ as an ordinary key', () => {
      const product = fastValidProduct(JSON.parse('{"id":"1","title":"t","attributes":{"__proto__":"x"}}'))!;
      expect(Object.keys(product.attributes!)).toEqual(['__proto__']);
      expect(Object.getPrototypeOf(product.attributes)).toBe(Object.prototype);
    });
  });

  describe('invalid elements: null (validateProduct rejects them)', () => {
    const deep = (depth: number): unknown => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i++) value = [value];
      return value;
    };
    const trickyObject = () => JSON.parse('{"constructor":"x","__proto__":{"constructor":1},"toString":1}');

    it.each<[string, unknown]>([
      // element
      ['null element', null],
      ['array element', [BASE]],
      ['string element', '{"id":"1","title":"t"}'],
      ['number element', 42],
      ['undefined element', undefined],
      ['empty object', {}],
      ['unknown field', patched({ colour: 'red' })],
      ['unknown field in a full product', patched({ sku: 'x' }, FULL)],
      ['own __proto__ field', JSON.parse('{"id":"1","title":"t","__proto__":{"x":1}}')],
      ['own __proto__ field with a primitive', JSON.parse('{"id":"1","title":"t","__proto__":1}')],
      ['constructor field', patched({ constructor: 'c' })],
      ['toString field', patched({ toString: 1 })],
      ['unknown field holding a deep array', patched({ extra: deep(10_000) })],
      ['unknown field with a NUL key', patched({ ['a\u0000']: 1 })],
      // id
      ['missing id', patched({ id: undefined })],
      ['empty id', patched({ id: '' })],
      ['id of 101 characters', patched({ id: 'x'.repeat(101) })],
      ['fractional id', patched({ id: 1.5 })],
      ['unsafe integer id', patched({ id: 2 ** 53 })],
      ['negative unsafe integer id', patched({ id: -(2 ** 53) })],
      ['NaN id', patched({ id: NaN })],
      ['null id', patched({ id: null })],
      ['boolean id', patched({ id: true })],
      ['object id', patched({ id: {} })],
      ['array id', patched({ id: ['1'] })],
      ['id with a tab', patched({ id: 'a\tb' })],
      ['id with DEL', patched({ id: 'a\u007fb' })],
      ['id with a C1 control', patched({ id: 'a\u0085b' })],
      ['id with a lone surrogate', patched({ id: 'a\uD83D' })],
      // title
      ['missing title', patched({ title: undefined })],
      ['empty title', patched({ title: '' })],
      ['title of 151 characters', patched({ title: 'x'.repeat(151) })],
      ['whitespace title', patched({ title: ' \t\n' })],
      ['no-break-space title', patched({ title: '\u00a0' })],
      ['numeric title', patched({ title: 5 })],
      ['null title', patched({ title: null })],
      ['title holding a deep array', patched({ title: deep(10_000) })],
      ['title holding a constructor object', patched({ title: trickyObject() })],
      ['title with NUL', patched({ title: 'a\u0000b' })],
      ['title with a lone low surrogate', patched({ title: '\uDE00b' })],
      ['title with a reversed surrogate pair', patched({ title: '\uDE00\uD83D' })],
      // description
      ['description of 5001 characters', patched({ description: 'x'.repeat(5001) })],
      ['null description', patched({ description: null })],
      ['numeric description', patched({ description: 1 })],
      ['description with NUL', patched({ description: 'a\u0000' })],
      // urls
      ...['url', 'image_url'].flatMap((field): [string, unknown][] =>
        [
          'ftp://example.com/a',
          'javascript:alert(1)',
          '//example.com/a',
          'http:example.com',
          'http:///example.com',
          'http://',
          'https://exa mple.com',
          'https://example.com/\n',
          'https://exa[mple.com',
          url(2049),
          '',
          'https://example.com/\uD800',
          null,
          42,
        ].map((value): [string, unknown] => [`${field} ${JSON.stringify(value)?.slice(0, 40)}`, patched({ [field]: value })]),
      ),
      // additional_image_urls
      ['21 additional images', patched({ additional_image_urls: urls(21) })],
      ['additional image not a URL', patched({ additional_image_urls: ['https://x.com/a', 'nope'] })],
      ['additional image with a lone surrogate', patched({ additional_image_urls: ['https://x.com/\uDC00'] })],
      ['additional images as a string', patched({ additional_image_urls: 'https://x.com/a' })],
      ['additional images as an object', patched({ additional_image_urls: { 0: 'https://x.com/a' } })],
      ['null additional images', patched({ additional_image_urls: null })],
      ['nested additional images', patched({ additional_image_urls: [['https://x.com/a']] })],
      // price and sale_price
      ...['price', 'sale_price'].flatMap((field): [string, unknown][] =>
        [
          { amount: -0.01, currency: 'USD' },
          { amount: 1e12 + 1, currency: 'USD' },
          { amount: 1.23456, currency: 'USD' },
          { amount: 0.00001, currency: 'USD' },
          { amount: '19.99', currency: 'USD' },
          { amount: null, currency: 'USD' },
          { amount: Infinity, currency: 'USD' },
          { amount: NaN, currency: 'USD' },
          { amount: trickyObject(), currency: 'USD' },
          { amount: 1, currency: 'usd' },
          { amount: 1, currency: 'Usd' },
          { amount: 1, currency: 'HRK' },
          { amount: 1, currency: 'XYZ' },
          { amount: 1, currency: 840 },
          { amount: 1, currency: 'USD\uD800' },
          { amount: 1 },
          { currency: 'USD' },
          {},
          { amount: 1, currency: 'USD', value: 1 },
          JSON.parse('{"amount":1,"currency":"USD","constructor":2}'),
          JSON.parse('{"amount":1,"currency":"USD","__proto__":{}}'),
          [{ amount: 1, currency: 'USD' }],
          '19.99 USD',
          19.99,
          null,
        ].map((value, i): [string, unknown] => [`${field} #${i}`, patched({ [field]: value })]),
      ),
      ['sale price above price', patched({ price: { amount: 20, currency: 'USD' }, sale_price: { amount: 20.01, currency: 'USD' } })],
      ['sale price in another currency', patched({ price: { amount: 20, currency: 'USD' }, sale_price: { amount: 5, currency: 'EUR' } })],
      [
        'invalid price next to a sale price',
        patched({ price: { amount: 1, currency: 'usd' }, sale_price: { amount: 5, currency: 'EUR' } }),
      ],
      // vocabularies
      ...['IN_STOCK', 'in stock', '', null, 1].map((value): [string, unknown] => [
        `availability ${String(value)}`,
        patched({ availability: value }),
      ]),
      ...['New', 'broken', '', null].map((value): [string, unknown] => [`condition ${String(value)}`, patched({ condition: value })]),
      // short strings
      ...(
        [
          ['brand', 70],
          ['mpn', 70],
          ['group_id', 100],
        ] as const
      ).flatMap(([field, max]): [string, unknown][] =>
        ['', 'x'.repeat(max + 1), null, 7, 'a\u0000'].map((value, i): [string, unknown] => [`${field} #${i}`, patched({ [field]: value })]),
      ),
      // gtin
      ...[
        '73513530',
        '036000291453',
        '4006381333932',
        '1234567',
        '123456789',
        '12345678901',
        '123456789012345',
        '40063813339A1',
        ' 4006381333931',
        '',
        4006381333931,
        null,
      ].map((gtin): [string, unknown] => [`gtin ${String(gtin)}`, patched({ gtin })]),
      // categories and tags
      ...(
        [
          ['categories', 20, 255],
          ['tags', 50, 100],
        ] as const
      ).flatMap(([field, maxItems, maxLength]): [string, unknown][] =>
        [
          strings(maxItems + 1),
          ['ok', ''],
          ['x'.repeat(maxLength + 1)],
          [3],
          [null],
          [['nested']],
          [{ a: 1 }],
          ['b\u0000'],
          'a',
          null,
          {},
        ].map((value, i): [string, unknown] => [`${field} #${i}`, patched({ [field]: value })]),
      ),
      // inventory_quantity
      ...[-1, 1.5, 2 ** 53, '5', null, Infinity, NaN, true].map((value): [string, unknown] => [
        `inventory_quantity ${String(value)}`,
        patched({ inventory_quantity: value }),
      ]),
      // attributes
      ['101 attributes', patched({ attributes: attributes(101) })],
      ['empty attribute key', patched({ attributes: { '': 1 } })],
      ['attribute key of 129 characters', patched({ attributes: { ['k'.repeat(129)]: 1 } })],
      ['attribute value of 1001 characters', patched({ attributes: { color: 'x'.repeat(1001) } })],
      ...[{ a: 1 }, [1], null, Infinity, -Infinity, NaN, undefined].map((value): [string, unknown] => [
        `attribute value ${String(value)}`,
        patched({ attributes: { color: value } }),
      ]),
      ['attribute __proto__ holding an object', patched({ attributes: JSON.parse('{"__proto__":{"x":1}}') })],
      ['attribute key with NUL', patched({ attributes: { 'co\u0000lor': 'red' } })],
      ['attribute key with a lone surrogate', patched({ attributes: { '\uD800': 'red' } })],
      ['attribute value with a lone surrogate', patched({ attributes: { color: '\uDC00' } })],
      ['attributes as an array', patched({ attributes: [] })],
      ['null attributes', patched({ attributes: null })],
      ['attributes as a string', patched({ attributes: 'color=red' })],
      ['1e400 attribute (Infinity after JSON.parse)', JSON.parse('{"id":"1","title":"t","attributes":{"weight":1e400}}')],
    ])('%s', (_name, element) => {
      expect(validateProduct(element).valid).toBe(false);
      expect(fastValidProduct(element)).toBeNull();
    });
  });

  describe('unusual elements: null even where validateProduct accepts them', () => {
    it.each<[string, unknown]>([
      ['optional field present as undefined', patched({ brand: 'b' }, { ...BASE, description: undefined })],
      ['element without a prototype', Object.assign(Object.create(null), BASE)],
      ['element that is a class instance', Object.assign(new (class Element {})(), BASE)],
      ['attributes without a prototype', patched({ attributes: Object.assign(Object.create(null), { a: 1 }) })],
      ['price that is a class instance', patched({ price: Object.assign(new (class Money {})(), { amount: 1, currency: 'USD' }) })],
    ])('%s', (_name, element) => {
      expect(fastValidProduct(element)).toBeNull();
    });
  });
});

describe('fastProductCheck: the rules read back from the DTO', () => {
  const SOCKS = { id: 'SKU-1', title: 'Wool socks' };

  it('checks a field added to the DTO with no edit here', () => {
    class WithColour extends ProductDto {
      @OptionalNotNull()
      @IsStringOfLength(1, 20)
      colour?: string;
    }
    const check = fastProductCheck(declaredRulesOf(WithColour));
    expect(check.drift).toEqual([]);
    expect(check.validId({ ...SOCKS, colour: 'x'.repeat(20) })).toBe('SKU-1');
    expect(check.validId({ ...SOCKS, colour: 'x'.repeat(21) })).toBeNull();
    expect(check.validId({ ...SOCKS, colour: '' })).toBeNull();
    expect(fastValidProductId({ ...SOCKS, colour: 'red' })).toBeNull();
  });

  // Decorators applied to an existing property of a subclass, as if added to ProductDto itself.
  it('applies a rule added to a field', () => {
    class BlankBrandRefused extends ProductDto {}
    NotBlank()(BlankBrandRefused.prototype, 'brand');
    const check = fastProductCheck(declaredRulesOf(BlankBrandRefused));
    expect(check.drift).toEqual([]);
    expect(fastValidProductId({ ...SOCKS, brand: '  ' })).toBe('SKU-1');
    expect(check.validId({ ...SOCKS, brand: '  ' })).toBeNull();
    expect(check.validId({ ...SOCKS, brand: 'Northfold' })).toBe('SKU-1');
  });

  it('requires a field made required', () => {
    class WithRequiredColour extends ProductDto {
      @Required()
      @IsStringOfLength(1, 20)
      colour!: string;
    }
    const check = fastProductCheck(declaredRulesOf(WithRequiredColour));
    expect(check.validId(SOCKS)).toBeNull();
    expect(check.validId({ ...SOCKS, colour: 'red' })).toBe('SKU-1');
  });

  it('applies the rules of the nested money DTO', () => {
    class EuroFreeMoney {
      @Required()
      @IsMoneyAmount()
      amount!: number;

      @Required()
      @IsCurrencyCode()
      @Satisfies('notEuro', (value) => value !== 'EUR', 'must not be EUR')
      currency!: string;
    }
    class WithEuroFreePrice extends ProductDto {}
    Reflect.defineMetadata('design:type', EuroFreeMoney, WithEuroFreePrice.prototype, 'price');
    const check = fastProductCheck(declaredRulesOf(WithEuroFreePrice));
    expect(check.drift).toEqual([]);
    expect(check.validId({ ...SOCKS, price: { amount: 9, currency: 'USD' } })).toBe('SKU-1');
    expect(check.validId({ ...SOCKS, price: { amount: 9, currency: 'EUR' } })).toBeNull();
    expect(check.validId({ ...SOCKS, price: { amount: 9 } })).toBeNull();
    expect(fastValidProductId({ ...SOCKS, price: { amount: 9, currency: 'EUR' } })).toBe('SKU-1');
  });

  // class-validator keeps an inherited @OptionalNotNull when a subclass adds @Required to the
  // property: the field would still be skipped when absent, which the check refuses to guess.
  it('switches itself off for a field both required and optional', () => {
    class BrandRequired extends ProductDto {}
    Required()(BrandRequired.prototype, 'brand');
    expect(fastProductCheck(declaredRulesOf(BrandRequired)).drift).toEqual([
      'BrandRequired.brand must be either @Required() or @OptionalNotNull()',
    ]);
  });

  it('switches itself off for a rule it cannot read back (a class-validator decorator that is not a Satisfies rule)', () => {
    class WithEmail extends ProductDto {
      @OptionalNotNull()
      @IsEmail()
      contact?: string;
    }
    const check = fastProductCheck(declaredRulesOf(WithEmail));
    expect(check.drift).toEqual(['WithEmail.contact: isEmail is not a Satisfies rule']);
    expect(check.validId(SOCKS)).toBeNull();
  });

  it('switches itself off for a field neither required nor optional', () => {
    class Undecided extends ProductDto {
      @IsStringOfLength(1, 20)
      colour?: string;
    }
    expect(fastProductCheck(declaredRulesOf(Undecided)).drift).toEqual([
      'Undecided.colour must be either @Required() or @OptionalNotNull()',
    ]);
  });
});
