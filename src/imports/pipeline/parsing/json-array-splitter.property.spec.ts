import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { elementText, type RawElement } from '../raw-element';
import { FileFormatError, JsonArraySplitter, SplitterOptions } from './json-array-splitter';

type Json = fc.JsonValue;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** String units biased towards what a byte scanner can get wrong. */
const trickyUnit = fc.oneof(
  fc.constantFrom('"', '\\', '[', ']', '{', '}', ',', ':', ' ', '\n', '\t', '/', '\u0000', '\u001f', '\u2028'),
  fc.constantFrom('é', '€', '漢', '😀', '\u{10FFFF}', '\uFEFF'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

const jsonValue = fc.jsonValue({ stringUnit: trickyUnit, maxDepth: 4 });
const whitespace = fc.array(fc.constantFrom('', '', ' ', '\n', '\t', '\r\n', '  \t\r\n'), {
  minLength: 1,
  maxLength: 20,
});

/** Cycles through generated pieces so a short array can drive a whole document. */
function cycle<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length];
}

/** JSON.stringify, but with (pseudo-)random whitespace between every pair of tokens. */
function serialize(value: Json, ws: () => string): string {
  if (Array.isArray(value)) {
    const items = value.map((item) => ws() + serialize(item, ws) + ws());
    return `[${items.length === 0 ? ws() : items.join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([key, item]) => `${ws()}${JSON.stringify(key)}${ws()}:${ws()}${serialize(item as Json, ws)}${ws()}`,
    );
    return `{${entries.length === 0 ? ws() : entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

interface Document {
  bytes: Buffer;
  /** Exact raw text of each top-level element as written. */
  elementTexts: string[];
}

const documentArb: fc.Arbitrary<Document> = fc
  .record({
    elements: fc.array(jsonValue, { maxLength: 12 }),
    ws: whitespace,
    bom: fc.boolean(),
  })
  .map(({ elements, ws, bom }) => {
    const next = cycle(ws);
    const elementTexts = elements.map((element) => serialize(element, next));
    const body = elementTexts.map((text) => next() + text + next()).join(',');
    const text = `${next()}[${elementTexts.length === 0 ? next() : body}]${next()}`;
    const bytes = Buffer.from(text, 'utf8');
    return { bytes: bom ? Buffer.concat([BOM, bytes]) : bytes, elementTexts };
  });

/** Chunk sizes, cycled; small sizes dominate so boundaries land everywhere. */
const chunkSizesArb = fc.array(fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 9, max: 4096 })), {
  minLength: 1,
  maxLength: 30,
});

function chunkBySizes(bytes: Buffer, sizes: number[]): Buffer[] {
  const next = cycle(sizes);
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length;) {
    const size = next();
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return chunks;
}

function chunkAt(bytes: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts)].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let previous = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(previous, point));
    previous = point;
  }
  return chunks;
}

/** Offsets inside a multi-byte character or right after a backslash. */
function awkwardCutPoints(bytes: Buffer): number[] {
  const points: number[] = [];
  for (let i = 1; i < bytes.length; i++) {
    if ((bytes[i] & 0xc0) === 0x80 || bytes[i - 1] === 0x5c) points.push(i);
  }
  return points;
}

/** An element with its bytes decoded (compared across chunkings and against the whole document). */
type DecodedElement = Omit<RawElement, 'source' | 'start'> & { text: string | null };
type Outcome = { ok: true; elements: DecodedElement[] } | { ok: false; type: string; offset: number; message: string };

function run(chunks: Buffer[], options?: SplitterOptions): Outcome {
  const splitter = new JsonArraySplitter(options);
  const elements: RawElement[] = [];
  try {
    for (const chunk of chunks) elements.push(...splitter.push(chunk));
    elements.push(...splitter.end());
  } catch (error) {
    if (!(error instanceof FileFormatError)) throw error;
    return { ok: false, type: error.type, offset: error.offset, message: error.message };
  }
  expect(splitter.count).toBe(elements.length);
  return { ok: true, elements: elements.map(({ source, start, ...element }) => ({ ...element, text: elementText({ source, start, byteLength: element.byteLength }) })) };
}

function parseWhole(bytes: Buffer): unknown {
  const start = bytes.subarray(0, 3).equals(BOM) ? 3 : 0;
  return JSON.parse(bytes.toString('utf8', start));
}

function expectFaithfulSplit(document: Document, chunks: Buffer[]): void {
  const outcome = run(chunks);
  if (!outcome.ok) throw new Error(`unexpected ${outcome.type}: ${outcome.message}`);
  const whole = parseWhole(document.bytes) as unknown[];
  expect(outcome.elements).toHaveLength(whole.length);
  expect(outcome.elements.map((element) => JSON.parse(element.text as string))).toEqual(whole);
  expect(outcome.elements.map(({ offset: _offset, ...element }) => element)).toEqual(
    document.elementTexts.map((text, index) => ({
      index,
      text,
      byteLength: Buffer.byteLength(text),
      oversized: false,
    })),
  );
  // Each offset points at the element's own bytes in the file.
  for (const element of outcome.elements) {
    expect(document.bytes.subarray(element.offset, element.offset + element.byteLength).toString('utf8')).toBe(element.text);
  }
}

describe('JsonArraySplitter properties', () => {
  it('splits random arrays into elements that parse to the same values, whatever the chunking', () => {
    fc.assert(
      fc.property(documentArb, chunkSizesArb, (document, sizes) => {
        expectFaithfulSplit(document, chunkBySizes(document.bytes, sizes));
      }),
      { numRuns: 300 },
    );
  });

  it('survives cuts inside multi-byte characters and escape sequences', () => {
    const withCuts = documentArb.chain((document) => {
      const points = awkwardCutPoints(document.bytes);
      const cuts = points.length === 0 ? fc.constant<number[]>([]) : fc.array(fc.constantFrom(...points), { maxLength: 40 });
      return cuts.map((chosen) => ({ document, cuts: chosen }));
    });
    fc.assert(
      fc.property(withCuts, ({ document, cuts }) => {
        expectFaithfulSplit(document, chunkAt(document.bytes, cuts));
      }),
      { numRuns: 300 },
    );
  });

  it('honours maxElementBytes and emitFrom exactly', () => {
    fc.assert(
      fc.property(
        documentArb,
        chunkSizesArb,
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 14 }),
        (document, sizes, maxElementBytes, emitFrom) => {
          const outcome = run(chunkBySizes(document.bytes, sizes), { maxElementBytes, emitFrom });
          expect(outcome.ok).toBe(true);
          const expected = document.elementTexts.map((text, index) => {
            const byteLength = Buffer.byteLength(text);
            const oversized = byteLength > maxElementBytes;
            return { index, text: oversized || index < emitFrom ? null : text, byteLength, oversized };
          });
          expect(outcome.ok && outcome.elements.map(({ offset: _offset, ...element }) => element)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  describe('on arbitrary, mostly broken input', () => {
    const fragment = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom('[', ']', '{', '}', ',', ':', '"', '\\', ' ', '\n', '1', 'true', '"a"', 'é', '😀'),
      },
      { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 3 }).map((bytes) => Buffer.from(bytes)) },
      { weight: 1, arbitrary: fc.constant(BOM) },
    );
    const fragmentBytes = fragment.map((part) => (typeof part === 'string' ? Buffer.from(part) : part));
    const randomArb = fc
      .tuple(fc.constantFrom('[', ' [', '\uFEFF[', ''), fc.array(fragmentBytes, { maxLength: 40 }))
      .map(([start, parts]) => Buffer.concat([Buffer.from(start), ...parts]));
    const edit = fc.record({ at: fc.nat(), remove: fc.integer({ min: 0, max: 2 }), insert: fragmentBytes });
    /** A valid document with a few bytes deleted, inserted or replaced. */
    const mutatedArb = fc.tuple(documentArb, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([document, edits]) =>
      edits.reduce((bytes, { at, remove, insert }) => {
        const position = at % (bytes.length + 1);
        return Buffer.concat([bytes.subarray(0, position), insert, bytes.subarray(position + remove)]);
      }, document.bytes),
    );
    const brokenArb = fc.oneof(randomArb, mutatedArb);

    it('reports the same outcome whatever the chunking', () => {
      fc.assert(
        fc.property(brokenArb, chunkSizesArb, (bytes, sizes) => {
          expect(run(chunkBySizes(bytes, sizes))).toEqual(run([bytes]));
        }),
        { numRuns: 500 },
      );
    });

    it('accepts exactly the UTF-8 arrays JSON.parse accepts, given parseable elements', () => {
      fc.assert(
        fc.property(brokenArb, (bytes) => {
          const outcome = run([bytes]);
          let reference: unknown;
          try {
            reference = isUtf8(bytes) ? parseWhole(bytes) : undefined;
          } catch {
            reference = undefined;
          }
          const splitterAccepts =
            outcome.ok &&
            outcome.elements.every((element) => {
              try {
                JSON.parse(element.text as string);
                return true;
              } catch {
                return false;
              }
            });
          expect(splitterAccepts).toBe(Array.isArray(reference));
          if (outcome.ok && Array.isArray(reference)) {
            expect(outcome.elements.map((element) => JSON.parse(element.text as string))).toEqual(reference);
          }
          if (!outcome.ok && outcome.type === 'invalid_utf8') {
            expect(isUtf8(bytes.subarray(0, outcome.offset))).toBe(true);
            expect(isUtf8(bytes)).toBe(false);
          }
          if (outcome.ok) expect(isUtf8(bytes)).toBe(true);
        }),
        { numRuns: 1000 },
      );
    });
  });
});
