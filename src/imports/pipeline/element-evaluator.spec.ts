import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { isStorableString } from '../../common/text/storable-string';
import { PRODUCT_LIMITS } from '../../catalog/validation/product-limits';
import { canonicalJson } from '../../catalog/hashing/canonical-json';
import { contentHash } from '../../catalog/hashing/content-hash';
import { validateProduct } from '../../catalog/product/product-validator';
import { evaluateElements, parseElement, rawHashOf } from './element-evaluator';
import { ALL_SHORTCUTS, fastPathWith, guessId, type FastPathShortcuts } from './fast-path/fast-path';
import { MAX_ELEMENT_BYTES, type RawElement } from './raw-element';

/** guessId as it was on decoded text, before it read bytes: the oracle for the byte version. */
function guessIdFromText(text: string | null): string | null {
  if (text === null || !text.startsWith('{"id":')) return null;
  if (text.charCodeAt(6) === 0x22) {
    const end = text.indexOf('"', 7);
    if (end < 8 || end - 7 > PRODUCT_LIMITS.idMaxLength) return null;
    const id = text.slice(7, end);
    return id.includes('\\') || !isStorableString(id) ? null : id;
  }
  const digits = /^[1-9][0-9]{0,14}(?=[,}])/.exec(text.slice(6, 22));
  return digits ? digits[0] : null;
}

const sha256 = (...parts: Array<string | Buffer>) => parts.reduce((h, part) => h.update(part), createHash('sha256')).digest('hex');

describe('rawHashOf', () => {
  it('is SHA-256 of "product:v1\\n" and the raw bytes: the hashes the catalog already stores', () => {
    const text = '{"id":"SKU-1","title":"Grüße"}';
    expect(rawHashOf(Buffer.from(text))).toBe('d35bfa9b71042a069edbbb266876f05da8e6a18808435a748959e70240a8e999');
    expect(rawHashOf(Buffer.from(text))).toBe(sha256(`product:v1\n${text}`));
  });

  it('gives the same hash for any bytes and sizes, the scratch buffer reused in between', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { minLength: 1, maxLength: 5 }), (elements) => {
        const hashes = elements.map((bytes) => rawHashOf(Buffer.from(bytes)));
        elements.forEach((bytes, i) => expect(hashes[i]).toBe(sha256('product:v1\n', Buffer.from(bytes))));
        const chunk = Buffer.concat(elements);
        let from = 0;
        for (const [i, bytes] of elements.entries()) {
          expect(rawHashOf(chunk, from, from + bytes.length)).toBe(hashes[i]);
          from += bytes.length;
        }
      }),
    );
    for (const size of [0, MAX_ELEMENT_BYTES, MAX_ELEMENT_BYTES + 1, 3 * MAX_ELEMENT_BYTES]) {
      const bytes = Buffer.alloc(size, 'x');
      expect(rawHashOf(bytes)).toBe(sha256('product:v1\n', bytes));
    }
  });
});

describe('guessId on bytes', () => {
  const prefixes = fc.constantFrom('{"id":"', '{"id":', '{"id":1', '{"id":0', '{"id" :', '{"ID":"', '');
  const units = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('a', 'Z', '-', '1', '9', '0', '"', '\\', ',', '}', ' ', '.', 'e', 'é', '€', '😀', '\u0000') },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(33), 'ü'.repeat(33), '😀'.repeat(25)) },
  );
  const elementArb = fc.tuple(prefixes, fc.array(units, { maxLength: 12 })).map(([prefix, parts]) => prefix + parts.join(''));

  it('guesses exactly what the text version guessed, on random and near-miss elements', () => {
    fc.assert(
      fc.property(elementArb, fc.constantFrom('', '"', '",', '1,', '}', 'x"}'), (text, after) => {
        const expected = guessIdFromText(text);
        expect(guessId(Buffer.from(text))).toBe(expected);
        // Inside a chunk: bytes after the element's end (a quote, digits, a comma) must not count.
        const chunk = Buffer.from(`[{"id":"z"},${text}${after}`);
        const start = Buffer.byteLength('[{"id":"z"},');
        expect(guessId(chunk, start, start + Buffer.byteLength(text))).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees at the id length limit, counted in UTF-16 units as before', () => {
    for (const unit of ['x', 'ü', '€', '😀']) {
      for (let n = 95; n <= 105; n++) {
        const text = `{"id":"${unit.repeat(n)}","title":"t"}`;
        expect(guessId(Buffer.from(text))).toBe(guessIdFromText(text));
      }
    }
    for (const digits of ['1', '123456789012345', '1234567890123456']) {
      for (const after of [',', '}', '.5}', '']) {
        const text = `{"id":${digits}${after}`;
        expect(guessId(Buffer.from(text))).toBe(guessIdFromText(text));
      }
    }
  });

  it('is null without bytes', () => {
    expect(guessId(null)).toBeNull();
  });
});

describe('parseElement', () => {
  const element = (text: string): RawElement => ({
    index: 3,
    source: Buffer.from(`,${text},`),
    start: 1,
    byteLength: Buffer.byteLength(text),
    offset: 100,
    oversized: false,
  });

  it('decodes and parses the bytes, hashing them when the element has a usable id', () => {
    const parsed = parseElement(element('{"id":"é","title":"t"}'));
    expect(parsed).toMatchObject({ index: 3, idHint: 'é', value: { id: 'é', title: 't' } });
    expect(parsed.rawHash).toBe(sha256('product:v1\n{"id":"é","title":"t"}'));
  });

  it('reports a syntax error at its file offset', () => {
    expect(parseElement(element('{"id":"a",}')).failure).toBe(
      'not valid JSON: unexpected character at byte 110; the element starts at byte 100',
    );
  });
});

describe('evaluateElements', () => {
  const element = (index: number, text: string): RawElement => ({
    index,
    source: Buffer.from(`[${text}]`),
    start: 1,
    byteLength: Buffer.byteLength(text),
    offset: 1,
    oversized: false,
  });

  it.each([
    ['copied from the element (usual form)', '{"title":"Grüße \\"x\\"","id":7,"price":{"currency":"EUR","amount":9.5}}'],
    [
      'printed from the product (escapes, exponent, whitespace)',
      '{ "title": "Gr\\u00fc\\/e", "id": "a", "price": {"currency":"EUR","amount":95e-1} }',
    ],
  ])('stores and hashes the canonical JSON of the validated product, %s', (_, text) => {
    const [outcome] = evaluateElements([parseElement(element(0, text))], new Map());
    const validated = validateProduct(JSON.parse(text));
    if (outcome.kind !== 'valid' || !validated.valid) throw new Error('expected a valid product');
    expect(outcome.json?.toString('utf8')).toBe(canonicalJson(validated.product));
    expect(outcome.contentHash).toBe(contentHash(validated.product));
    expect(outcome.rawHash).toBe(sha256(`product:v1\n${text}`));
  });

  it('gives the same outcomes with any of the fast path shortcuts switched off', () => {
    const texts = [
      '{"id":"a","title":"t","price":{"amount":9.5,"currency":"EUR"}}',
      '{"title":"Grüße","id":7,"tags":["x","y"],"attributes":{"b":1,"a":"z"}}',
      '{ "title": "Gr\\u00fc\\/e", "id": "b", "price": {"currency":"EUR","amount":95e-1} }',
      '{"id":"c","title":"","price":{"amount":-1,"currency":"XXX"}}',
      '{"id":"a","title":"again"}',
      '[1]',
      '{"id":"d",}',
    ];
    const run = (shortcuts: FastPathShortcuts) => {
      const fastPath = fastPathWith(shortcuts);
      const parsed = texts.map((text, i) => parseElement(element(i, text), undefined, fastPath));
      return evaluateElements(parsed, new Map(), undefined, fastPath).map((o) =>
        o.kind === 'valid' ? { ...o, json: o.json?.toString('utf8') } : o,
      );
    };
    const names = Object.keys(ALL_SHORTCUTS) as Array<keyof FastPathShortcuts>;
    const reference = run(Object.fromEntries(names.map((name) => [name, false])) as unknown as FastPathShortcuts);
    expect(reference.filter((o) => o.kind === 'valid')).toHaveLength(4);
    for (let mask = 1; mask < 1 << names.length; mask++) {
      const shortcuts = Object.fromEntries(names.map((name, bit) => [name, (mask & (1 << bit)) !== 0])) as unknown as FastPathShortcuts;
      expect(run(shortcuts)).toEqual(reference);
    }
  });
});
