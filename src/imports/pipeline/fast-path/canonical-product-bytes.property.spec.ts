import fc from 'fast-check';
import { fullProduct } from '../../../catalog/testing/full-product';
import { validateProduct } from '../../../catalog/product/product-validator';
import { ByteArena, canonicalProductBytes } from './canonical-product-bytes';
import { canonicalJson } from '../../../catalog/hashing/canonical-json';
import { seededRandom, type Json } from '../../../catalog/testing/seeded-random';

/**
 * canonicalProductBytes copies values from the element's bytes instead of printing the parsed
 * product; the content hash of every stored product depends on it printing exactly what
 * canonicalJson prints for the validated product. Elements are written here the many ways
 * a feed can write the same product (member order, whitespace, escapes, number forms, repeated
 * members): for each valid one the bytes path must return those exact bytes or null.
 */

interface Style {
  /** Chance of whitespace around each token. */
  space: number;
  /** Chance of writing a character of a string as an escape JSON.stringify would not use. */
  oddEscape: number;
  /** Chance of writing a number in another form that reads back as the same value. */
  oddNumber: number;
  /** Chance of an earlier member with the same name (JSON.parse keeps the last). */
  repeat: number;
  shuffle: boolean;
}

const SPACES = [' ', '\n', '\t', '\r\n', '  '];

/** Writes `value` as JSON text that JSON.parse reads back as `value`, in the given style. */
function writeJson(value: Json, style: Style, random: () => number): string {
  const space = () => (random() < style.space ? SPACES[Math.floor(random() * SPACES.length)] : '');
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return writeNumber(value, style, random);
  if (typeof value === 'string') return writeString(value, style, random);
  if (Array.isArray(value))
    return `[${space()}${value.map((item) => writeJson(item, style, random)).join(`${space()},${space()}`)}${space()}]`;
  const entries = Object.entries(value);
  if (style.shuffle) entries.sort(() => random() - 0.5);
  const members: string[] = [];
  for (const [key, item] of entries) {
    if (random() < style.repeat) members.push(`${writeString(key, style, random)}:${space()}"an earlier value"`);
    members.push(`${writeString(key, style, random)}${space()}:${space()}${writeJson(item, style, random)}`);
  }
  return `{${space()}${members.join(`${space()},${space()}`)}${space()}}`;
}

/** What a short escape stands for, to write it as \\u00XX instead. */
const SHORT_ESCAPES: Record<string, number> = { '"': 0x22, '\\': 0x5c, n: 0x0a, t: 0x09, r: 0x0d, b: 0x08, f: 0x0c };

function writeString(text: string, style: Style, random: () => number): string {
  let out = '';
  // JSON.stringify's text, one unit at a time: a character, a short escape or a \uXXXX escape.
  for (const unit of JSON.stringify(text)
    .slice(1, -1)
    .match(/\\u[0-9a-f]{4}|\\.|[\s\S]/g) ?? []) {
    if (random() >= style.oddEscape) out += unit;
    else if (unit === '/') out += '\\/';
    else if (unit.length === 1) out += `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
    else if (unit.length === 2) out += `\\u${SHORT_ESCAPES[unit[1]].toString(16).padStart(4, '0')}`;
    else out += `\\u${unit.slice(2).toUpperCase()}`;
  }
  return `"${out}"`;
}

function writeNumber(value: number, style: Style, random: () => number): string {
  const plain = JSON.stringify(value);
  if (random() >= style.oddNumber) return plain;
  const forms = [value.toExponential(), value.toExponential().toUpperCase()];
  if (!plain.includes('e')) forms.push(plain.includes('.') ? `${plain}0` : `${plain}.0`, `${plain}e0`, `${plain}E+0`);
  if (Object.is(value, 0)) forms.push('-0', '0.0', '-0.0');
  return forms[Math.floor(random() * forms.length)];
}

/** Mostly one oddity at a time, so that elements the bytes path copies are common too. */
const rate = (weightOfNone: number) =>
  fc.oneof({ weight: weightOfNone, arbitrary: fc.constant(0) }, fc.constant(0.01), fc.double({ min: 0, max: 1, noNaN: true }));
const styles: fc.Arbitrary<Style> = fc.record({
  space: rate(1),
  oddEscape: rate(4),
  oddNumber: rate(4),
  repeat: fc.oneof({ weight: 4, arbitrary: fc.constant(0) }, fc.constant(0.1)),
  shuffle: fc.boolean(),
});

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    'quote " backslash \\ slash /',
    'tab\there, newline\nthere, cr\r, bs\b, ff\f',
    '\u2028\u2029\u007f',
    'Müller & Söhne 😀',
    '\uD800 lone',
  ),
);
/** Numbers of every form an attribute may hold (any finite number). */
const number = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
  fc.constantFrom(0, -0, 1e-6, 1e-7, 0.000001234, 123456789012345, 1234567890123456, 1e21, 1e20, 5e-324, -1.5, 0.1 + 0.2),
);
/** Attribute names: ASCII, non-ASCII (whose UTF-8 order is not code unit order), escapes, "__proto__". */
const attributeKey = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 10 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }),
  fc.constantFrom('__proto__', '0', '10', 'a', 'B', 'é', '\uFF5E', '😀', 'a"b', 'a\\b'),
);
const attributes = fc.dictionary(attributeKey, fc.oneof(text, number, fc.boolean()), { maxKeys: 8, noNullPrototype: true });

/** A product from fullProduct(): a random subset of its optional fields, some replaced by generated values. */
const product: fc.Arbitrary<Record<string, Json>> = fc
  .record({
    keep: fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
    id: fc.oneof(text, fc.maxSafeInteger(), fc.integer({ min: -1000, max: 1000 })),
    title: text,
    description: text,
    brand: text,
    tags: fc.array(text, { maxLength: 4 }),
    amount: number,
    currency: fc.constantFrom('EUR', 'USD', 'JPY'),
    inventory: fc.oneof(fc.nat(), number),
    attributes,
  })
  .map(({ keep, ...generated }) => {
    const base: Record<string, Json> = fullProduct();
    const out: Record<string, Json> = { id: generated.id, title: generated.title };
    Object.keys(base).forEach((field, i) => {
      if (field !== 'id' && field !== 'title' && keep[i]) out[field] = base[field];
    });
    if (keep[18]) {
      out.description = generated.description;
      out.brand = generated.brand;
      out.tags = generated.tags;
      out.price = keep[19]
        ? { currency: generated.currency, amount: generated.amount }
        : { amount: generated.amount, currency: generated.currency };
      out.inventory_quantity = generated.inventory;
    }
    if (keep[19]) out.attributes = generated.attributes;
    return out;
  });

/** The element written in `style`, then what the service would store for it (null when invalid). */
function expectedFor(element: string): Buffer | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(element);
  } catch {
    return null;
  }
  const result = validateProduct(parsed);
  return result.valid ? Buffer.from(canonicalJson(result.product), 'utf8') : null;
}

/** The element placed inside a larger buffer, as the splitter's chunks hold it. */
function bytesOf(element: string): { source: Buffer; from: number; to: number } {
  const bytes = Buffer.from(element, 'utf8');
  const source = Buffer.concat([Buffer.from('[{"x":1},\n'), bytes, Buffer.from(',\n{"y":"\\u0041"}]')]);
  return { source, from: 10, to: 10 + bytes.length };
}

describe('canonicalProductBytes', () => {
  it('returns the canonical JSON of the validated product, or null, however the element is written', () => {
    const arena = new ByteArena(4096);
    let valid = 0;
    let copied = 0;
    fc.assert(
      fc.property(product, styles, fc.integer(), (value, style, seed) => {
        const element = writeJson(value, style, seededRandom(seed));
        const expected = expectedFor(element);
        if (expected === null) return;
        valid++;
        const { source, from, to } = bytesOf(element);
        const bytes = canonicalProductBytes(source, from, to, arena);
        if (bytes === null) return;
        copied++;
        expect(bytes.toString('utf8')).toBe(expected.toString('utf8'));
        expect(bytes.equals(expected)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    // The generators must reach both outcomes often, or the property says little.
    expect(valid).toBeGreaterThan(1000);
    expect(copied).toBeGreaterThan(300);
    expect(valid - copied).toBeGreaterThan(100);
  });

  it('copies every product JSON.stringify wrote without \\u escapes, with ASCII member names and numbers of ≤ 15 digits (the usual feed)', () => {
    const arena = new ByteArena();
    fc.assert(
      fc.property(product, (value) => {
        const element = JSON.stringify(value);
        const expected = expectedFor(element);
        fc.pre(expected !== null && !hasNonAsciiName(value) && !element.includes('\\u') && hasUsualNumbers(value));
        const { source, from, to } = bytesOf(element);
        expect(canonicalProductBytes(source, from, to, arena)?.equals(expected!)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it.each([
    ['an escape JSON.stringify does not write', '{"id":"a","title":"\\u0041"}'],
    ['an escaped slash', '{"id":"a","title":"a\\/b"}'],
    ['a trailing fraction zero', '{"id":"a","title":"t","inventory_quantity":1.0}'],
    ['an exponent', '{"id":"a","title":"t","inventory_quantity":1e2}'],
    ['negative zero', '{"id":"a","title":"t","attributes":{"n":-0}}'],
    ['a number below 1e-6', '{"id":"a","title":"t","attributes":{"n":0.0000001}}'],
    ['a fraction of 16 digits', '{"id":"a","title":"t","attributes":{"n":1.234567890123456}}'],
    ['an integer above 2^53 - 1', '{"id":"a","title":"t","attributes":{"n":9007199254740992}}'],
    ['a repeated member', '{"id":"a","title":"t","title":"u"}'],
    ['a repeated attribute', '{"id":"a","title":"t","attributes":{"k":1,"k":2}}'],
    ['a non-ASCII attribute name', '{"id":"a","title":"t","attributes":{"é":1}}'],
    ['an escaped member name', '{"id":"a","\\u0074itle":"t"}'],
    ['an unknown member', '{"id":"a","title":"t","x":1}'],
    ['a nested container', '{"id":"a","title":"t","tags":[["x"]]}'],
    ['text after the object', '{"id":"a","title":"t"} x'],
  ])('refuses %s', (_, element) => {
    const { source, from, to } = bytesOf(element);
    expect(canonicalProductBytes(source, from, to, new ByteArena())).toBeNull();
  });

  it('orders members and attributes, drops whitespace and writes an integer id as its string', () => {
    const element = ' {\n "title" : "T \\"q\\"\\n",\t"attributes":{"b":true,"a":1.5}, "id": 42 }';
    const { source, from, to } = bytesOf(element);
    expect(canonicalProductBytes(source, from, to, new ByteArena())?.toString('utf8')).toBe(
      '{"attributes":{"a":1.5,"b":true},"id":"42","title":"T \\"q\\"\\n"}',
    );
  });

  it('hands out slices that later calls do not overwrite, across arena blocks', () => {
    const arena = new ByteArena(64);
    const elements = Array.from({ length: 20 }, (_, i) => `{"title":"${'x'.repeat(i * 7)}","id":"p${i}"}`);
    const slices = elements.map((element) => {
      const { source, from, to } = bytesOf(element);
      return canonicalProductBytes(source, from, to, arena)!;
    });
    expect(slices.map((slice) => slice.toString('utf8'))).toEqual(elements.map((element) => canonicalJson(JSON.parse(element))));
  });
});

function hasNonAsciiName(value: Json): boolean {
  if (Array.isArray(value)) return value.some(hasNonAsciiName);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => /[^\x20-\x7e]|["\\]/.test(key) || hasNonAsciiName(item));
}

/** Every number prints in plain notation with at most 15 digits, or is a safe integer. */
function hasUsualNumbers(value: Json): boolean {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) || (/^-?\d+(\.\d+)?$/.test(String(value)) && String(value).replace(/\D/g, '').length <= 15);
  if (Array.isArray(value)) return value.every(hasUsualNumbers);
  if (typeof value === 'object' && value !== null) return Object.values(value).every(hasUsualNumbers);
  return true;
}
