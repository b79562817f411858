import { elementBytes, elementText, MAX_ELEMENT_BYTES, type RawElement } from '../raw-element';
import { FileFailureType, FileFormatError, formatOffset, JsonArraySplitter, SplitterOptions } from './json-array-splitter';

type Input = string | Buffer;

const toBuffer = (input: Input): Buffer => (typeof input === 'string' ? Buffer.from(input, 'utf8') : input);

/** An element with its bytes decoded, for readable expectations. */
type Located = Omit<RawElement, 'offset' | 'source' | 'start'> & { text: string | null };

/** Checks that each element's offset points at its bytes in the file, then leaves the offset out. */
function withoutOffsets(bytes: Buffer, elements: RawElement[]): Located[] {
  let previousEnd = 0;
  return elements.map(({ offset, source, start, ...element }) => {
    const slice = bytes.subarray(offset, offset + element.byteLength);
    expect(offset).toBeGreaterThanOrEqual(previousEnd);
    const own = elementBytes({ source, start, byteLength: element.byteLength });
    if (own !== null) expect(own.equals(slice)).toBe(true);
    else expect(slice.toString('utf8')).toBe(slice.toString('utf8').trim());
    previousEnd = offset + element.byteLength;
    return { ...element, text: own === null ? null : own.toString('utf8') };
  });
}

/** What push() returned, bytes decoded. */
const decoded = (elements: RawElement[]) => elements.map(({ source: _source, start: _start, ...element }, i) => ({ ...element, text: elementText(elements[i]) }));

/** Splits `input` fed in chunks of `chunkSize` bytes (the whole input when omitted). */
function split(input: Input, chunkSize?: number, options?: SplitterOptions): Located[] {
  const bytes = toBuffer(input);
  const size = chunkSize ?? Math.max(bytes.length, 1);
  const splitter = new JsonArraySplitter(options);
  const elements: RawElement[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) {
    elements.push(...splitter.push(bytes.subarray(offset, offset + size)));
  }
  elements.push(...splitter.end());
  expect(splitter.count).toBe(elements.length);
  return withoutOffsets(bytes, elements);
}

const texts = (input: Input, chunkSize?: number, options?: SplitterOptions): Array<string | null> =>
  split(input, chunkSize, options).map((element) => element.text);

function failure(input: Input, chunkSize?: number): FileFormatError {
  try {
    split(input, chunkSize);
  } catch (error) {
    if (error instanceof FileFormatError) return error;
    throw error;
  }
  throw new Error('expected a FileFormatError');
}

/** Chunkings every structural assertion is repeated with. */
const CHUNK_SIZES = [undefined, 1, 2, 3, 7, 64];

function expectFailure(input: Input, type: FileFailureType, offset: number, message?: RegExp): void {
  for (const chunkSize of CHUNK_SIZES) {
    const error = failure(input, chunkSize);
    expect({ chunkSize, type: error.type, offset: error.offset }).toEqual({ chunkSize, type, offset });
    expect(error.message).toContain(`at byte ${formatOffset(offset)}`);
    if (message) expect(error.message).toMatch(message);
  }
}

function expectTexts(input: Input, expected: string[]): void {
  for (const chunkSize of CHUNK_SIZES) {
    expect({ chunkSize, texts: texts(input, chunkSize) }).toEqual({ chunkSize, texts: expected });
  }
}

const BOM = '\uFEFF';

describe('formatOffset', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [65536, '65,536'],
    [1204311, '1,204,311'],
    [52428800, '52,428,800'],
  ])('formats %d as %s', (offset, expected) => {
    expect(formatOffset(offset)).toBe(expected);
  });
});

describe('FileFormatError', () => {
  it('carries type, offset and name', () => {
    const error = new FileFormatError('invalid_utf8', 'bad', 12);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'FileFormatError', type: 'invalid_utf8', offset: 12, message: 'bad' });
  });
});

describe('JsonArraySplitter', () => {
  describe('valid documents', () => {
    it('splits scalars, strings, objects and arrays', () => {
      expectTexts('[1,"a",{"b":2},[3,4],true,null,-1.5e3]', ['1', '"a"', '{"b":2}', '[3,4]', 'true', 'null', '-1.5e3']);
    });

    it('reports index, byteLength and oversized for every element', () => {
      expect(split('[ "é" , {"a": [1]} ]')).toEqual([
        { index: 0, text: '"é"', byteLength: 4, oversized: false },
        { index: 1, text: '{"a": [1]}', byteLength: 10, oversized: false },
      ]);
    });

    it.each(['[]', '[ ]', ' \n\t\r[\n]\r\n ', `${BOM}[]`, `${BOM}  [ \t ]  `])('accepts the empty array %j', (input) => {
      for (const chunkSize of CHUNK_SIZES) expect(split(input, chunkSize)).toEqual([]);
    });

    it('trims whitespace around elements but keeps it inside them', () => {
      expectTexts('[ 1 ,\n"a b"\t,\r\n{ "k" : [ 1 , 2 ] }\n ]', ['1', '"a b"', '{ "k" : [ 1 , 2 ] }']);
    });

    it('ignores a BOM at the start of the file', () => {
      expectTexts(`${BOM}[1,2]`, ['1', '2']);
      expectTexts(`${BOM}\n [ "x" ]\n`, ['"x"']);
    });

    it('handles nested objects and arrays', () => {
      const values = [{ a: { b: { c: [1, [2, [3, { d: [] }]]] } } }, [[[]], {}], { '': [{}, { x: [null] }] }];
      expectTexts(
        JSON.stringify(values),
        values.map((value) => JSON.stringify(value)),
      );
    });

    it('does not treat structural characters inside strings as structure', () => {
      const values = ['[', ']', ',', '{', '}', '"', '\\', 'a\\\\', '\\"]', '","', '[{,"}]', { '],[': '}{', '"': ['\\'] }];
      const json = JSON.stringify(values);
      expect(json).toContain('"a\\\\\\\\"'); // the raw text really holds "a\\\\"
      expectTexts(
        json,
        values.map((value) => JSON.stringify(value)),
      );
    });

    it('handles escaped quotes and backslashes split at every position', () => {
      const json = String.raw`["a\"b", "\\", "\\\"", "x\\\\", {"k\"]": "\\\\\""}, "\u0022]"]`;
      const expected = (JSON.parse(json) as unknown[]).map((value) => JSON.parse(JSON.stringify(value)));
      for (let cut = 0; cut <= json.length; cut++) {
        const splitter = new JsonArraySplitter();
        const elements = [
          ...splitter.push(Buffer.from(json.slice(0, cut))),
          ...splitter.push(Buffer.from(json.slice(cut))),
          ...splitter.end(),
        ];
        expect(elements.map((element) => JSON.parse(elementText(element) as string))).toEqual(expected);
      }
    });

    it('decodes multi-byte characters cut by every chunk boundary', () => {
      const values = ['é', '€uro', '😀', 'Ā漢字🎉ü', { ключ: 'значение' }, '\u{10FFFF}'];
      const bytes = Buffer.from(JSON.stringify(values));
      const expected = values.map((value) => JSON.stringify(value));
      for (let chunkSize = 1; chunkSize <= bytes.length; chunkSize++) {
        expect(texts(bytes, chunkSize)).toEqual(expected);
      }
    });

    it('reports byteLength in UTF-8 bytes, not characters', () => {
      const [element] = split('["😀é"]', 1);
      expect(element).toMatchObject({ text: '"😀é"', byteLength: 8 });
    });

    it('emits each element as soon as its terminator arrives', () => {
      const splitter = new JsonArraySplitter();
      expect(decoded(splitter.push(Buffer.from('[1, 2')))).toEqual([{ index: 0, text: '1', byteLength: 1, offset: 1, oversized: false }]);
      expect(splitter.count).toBe(1);
      expect(decoded(splitter.push(Buffer.from(' ,')))).toEqual([{ index: 1, text: '2', byteLength: 1, offset: 4, oversized: false }]);
      expect(decoded(splitter.push(Buffer.from('3]')))).toEqual([{ index: 2, text: '3', byteLength: 1, offset: 7, oversized: false }]);
      expect(splitter.end()).toEqual([]);
      expect(splitter.count).toBe(3);
    });

    it('accepts empty chunks', () => {
      const splitter = new JsonArraySplitter();
      expect(splitter.push(Buffer.alloc(0))).toEqual([]);
      expect(splitter.push(Buffer.from('[1]'))).toHaveLength(1);
      expect(splitter.push(Buffer.alloc(0))).toEqual([]);
      expect(splitter.end()).toEqual([]);
    });

    it('leaves non-structural syntax errors to the element parser', () => {
      const elements = texts('[tru, 1 2, {"a" 1}, "raw\ttab", 01, {"a":1,}]');
      expect(elements).toEqual(['tru', '1 2', '{"a" 1}', '"raw\ttab"', '01', '{"a":1,}']);
      for (const text of elements) expect(() => JSON.parse(text as string)).toThrow(SyntaxError);
    });

    it('handles 100,000 levels of nesting without recursion', () => {
      const deep = '['.repeat(100_000) + ']'.repeat(100_000);
      const deepObject = '{"a":'.repeat(40_000) + '1' + '}'.repeat(40_000);
      for (const chunkSize of [undefined, 4096]) {
        expect(split(`[${deep},${deepObject}]`, chunkSize)).toEqual([
          { index: 0, text: deep, byteLength: 200_000, oversized: false },
          { index: 1, text: deepObject, byteLength: deepObject.length, oversized: false },
        ]);
      }
    });
  });

  describe('countOnly', () => {
    it('counts every element, emits none, and still refuses a broken file', () => {
      for (const chunkSize of [1, 3, 64]) {
        const splitter = new JsonArraySplitter({ countOnly: true });
        const bytes = Buffer.from('[0, {"a": [1, 2]}, "x,y", 😀, 0]');
        for (let at = 0; at < bytes.length; at += chunkSize) expect(splitter.push(bytes.subarray(at, at + chunkSize))).toEqual([]);
        expect(splitter.end()).toEqual([]);
        expect(splitter.count).toBe(5);
        const broken = new JsonArraySplitter({ countOnly: true });
        expect(() => broken.push(Buffer.from('[0, 1}'))).toThrow(FileFormatError);
      }
    });
  });

  describe('emitFrom', () => {
    it('counts skipped elements without building their text', () => {
      for (const chunkSize of CHUNK_SIZES) {
        expect(split('[10, "twenty", [30], {"f":40}]', chunkSize, { emitFrom: 2 })).toEqual([
          { index: 0, text: null, byteLength: 2, oversized: false },
          { index: 1, text: null, byteLength: 8, oversized: false },
          { index: 2, text: '[30]', byteLength: 4, oversized: false },
          { index: 3, text: '{"f":40}', byteLength: 8, oversized: false },
        ]);
      }
    });

    it('still validates skipped elements', () => {
      const splitter = new JsonArraySplitter({ emitFrom: 5 });
      expect(() => splitter.push(Buffer.from('[1, {]'))).toThrow(FileFormatError);
    });

    it('emits nothing with text when emitFrom is past the end', () => {
      expect(texts('[1,2]', undefined, { emitFrom: 10 })).toEqual([null, null]);
    });
  });

  describe('oversized elements', () => {
    const options = { maxElementBytes: 10 };

    it('flags elements over the limit without keeping their text', () => {
      for (const chunkSize of CHUNK_SIZES) {
        expect(split('["short", "0123456789abc", 1234567890, [1]]', chunkSize, options)).toEqual([
          { index: 0, text: '"short"', byteLength: 7, oversized: false },
          { index: 1, text: null, byteLength: 15, oversized: true },
          { index: 2, text: '1234567890', byteLength: 10, oversized: false },
          { index: 3, text: '[1]', byteLength: 3, oversized: false },
        ]);
      }
    });

    it('does not count trailing whitespace towards the limit', () => {
      const input = `[1234567890${' '.repeat(1000)}\n, "x"]`;
      for (const chunkSize of CHUNK_SIZES) {
        expect(split(input, chunkSize, options)[0]).toEqual({
          index: 0,
          text: '1234567890',
          byteLength: 10,
          oversized: false,
        });
      }
    });

    it('counts whitespace inside the element towards the limit', () => {
      const input = `[12345${' '.repeat(1000)}6, 1]`;
      for (const chunkSize of CHUNK_SIZES) {
        expect(split(input, chunkSize, options)[0]).toEqual({
          index: 0,
          text: null,
          byteLength: 1006,
          oversized: true,
        });
      }
    });

    it('uses a 256 KiB limit by default', () => {
      expect(MAX_ELEMENT_BYTES).toBe(262_144);
      const fits = `"${'x'.repeat(MAX_ELEMENT_BYTES - 2)}"`;
      const tooBig = `"${'x'.repeat(MAX_ELEMENT_BYTES - 1)}"`;
      const elements = split(`[${fits},${tooBig}]`, 65_536);
      expect(elements.map(({ byteLength, oversized }) => ({ byteLength, oversized }))).toEqual([
        { byteLength: MAX_ELEMENT_BYTES, oversized: false },
        { byteLength: MAX_ELEMENT_BYTES + 1, oversized: true },
      ]);
      expect(elements[0].text).toBe(fits);
      expect(elements[1].text).toBeNull();
    });

    it('still detects structural errors inside oversized elements', () => {
      expectFailure(`[{"a": "${'x'.repeat(100)}"]]`, 'invalid_json', 109, /Unexpected token '\]'/);
      expectFailure(`["${'x'.repeat(100)}"`, 'invalid_json', 103, /end of file/);
    });

    it('rejects invalid options', () => {
      expect(() => new JsonArraySplitter({ maxElementBytes: -1 })).toThrow(RangeError);
      expect(() => new JsonArraySplitter({ emitFrom: 1.5 })).toThrow(RangeError);
    });
  });

  describe('file failures', () => {
    it.each([
      ['{"a": 1}', 0],
      ['"x"', 0],
      ['12', 0],
      ['null', 0],
      ['  \n{}', 3],
      [`${BOM}{}`, 3],
      [` ${BOM}[]`, 1], // a BOM anywhere but offset 0 is content
      ['\uFFFF[]', 0], // EF BF BF: starts like a BOM but is another character
      ['x[1]', 0],
    ])('reports not_an_array for %j at byte %d', (input, offset) => {
      expectFailure(input, 'not_an_array', offset, /array/);
    });

    it.each([
      ['', 0],
      ['   \n\t\r ', 7],
      [BOM, 3],
      [`${BOM}  `, 5],
    ])('reports an empty document for %j', (input, offset) => {
      expectFailure(input, 'invalid_json', offset, /^Empty document/);
    });

    it.each([
      ['[1,,2]', 3, ','],
      ['[,1]', 1, ','],
      ['[1,]', 3, ']'],
      ['[1, \n ]', 6, ']'],
      ['[{]', 2, ']'],
      ['[1}]', 2, '}'],
      ['[[}]]', 2, '}'],
      ['[{"a":[1}]', 8, '}'],
      ['["}", {"a": "]"]]', 15, ']'],
    ])('reports invalid_json for %j at byte %d', (input, offset, token) => {
      expectFailure(input, 'invalid_json', offset, new RegExp(`^Unexpected token '\\${token}' at byte`));
    });

    it.each([
      ['[1] x', 4],
      ['[1][2]', 3],
      ['[1]]', 3],
      ['[1],', 3],
      ['[]\n\n{}', 4],
      [`[1]${BOM}`, 3],
    ])('reports trailing data in %j at byte %d', (input, offset) => {
      expectFailure(input, 'invalid_json', offset, /trailing data/);
    });

    it.each([
      ['[', 1],
      ['[1', 2],
      ['[1,', 3],
      ['[1, 2 ', 6],
      ['["abc', 5],
      ['["a\\', 4],
      ['["a\\"]', 6],
      ['[{"a":[1,2]', 11],
      [`${BOM}[1`, 5],
    ])('reports an unexpected end of file for %j', (input, offset) => {
      expectFailure(input, 'invalid_json', offset, /^Unexpected end of file/);
    });

    it('formats large offsets with thousands separators', () => {
      const input = `[{"k":"${'a'.repeat(1_204_303)}"]`;
      for (const chunkSize of [undefined, 1 << 20, 65_536]) {
        const error = failure(input, chunkSize);
        expect(error.message).toBe("Unexpected token ']' at byte 1,204,311");
        expect(error.offset).toBe(1_204_311);
      }
    });

    it('reports unbalanced deep nesting', () => {
      expectFailure('[' + '['.repeat(100_000) + ']'.repeat(99_999) + ']', 'invalid_json', 200_001, /end of file/);
      expectFailure('[' + '['.repeat(100_000) + '}', 'invalid_json', 100_001, /Unexpected token '\}'/);
    });

    it('keeps failing after a file error and refuses input after end', () => {
      const failed = new JsonArraySplitter();
      let first: unknown;
      try {
        failed.push(Buffer.from('[1}'));
      } catch (error) {
        first = error;
      }
      expect(first).toBeInstanceOf(FileFormatError);
      expect(() => failed.push(Buffer.from(']'))).toThrow(first as Error);
      expect(() => failed.end()).toThrow(first as Error);

      const ended = new JsonArraySplitter();
      ended.push(Buffer.from('[]'));
      ended.end();
      expect(() => ended.push(Buffer.from(' '))).toThrow(/already ended/);
    });
  });

  describe('UTF-8 validation', () => {
    const bytes = (...parts: Array<string | number[]>): Buffer =>
      Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

    it.each([
      ['an overlong 2-byte sequence', bytes('["a', [0xc0, 0xaf], '"]'), 3],
      ['an overlong 3-byte sequence', bytes('["a', [0xe0, 0x80, 0xaf], '"]'), 3],
      ['an overlong 4-byte sequence', bytes('["', [0xf0, 0x80, 0x80, 0xaf], '"]'), 2],
      ['a lone continuation byte', bytes('["ab', [0x80], '"]'), 4],
      ['a continuation byte after a complete character', bytes('["é', [0xa9], '"]'), 4],
      ['a surrogate encoded as ED A0 80', bytes('["', [0xed, 0xa0, 0x80], '"]'), 2],
      ['a code point above U+10FFFF', bytes('["', [0xf4, 0x90, 0x80, 0x80], '"]'), 2],
      ['a byte that never occurs in UTF-8', bytes('[1, ', [0xff], ']'), 4],
      ['a sequence cut short by ASCII', bytes('["', [0xe2, 0x82], 'x"]'), 2],
      ['a sequence cut short at end of file', bytes('["', [0xe2, 0x82]), 2],
      ['a lead byte at end of file', bytes('[1]', [0xf0]), 3],
      ['a UTF-16 byte order mark', bytes([0xff, 0xfe], '[]'), 0],
      ['bad bytes inside an oversized element', bytes('["', 'x'.repeat(300_000), [0xc3, 0x28], '"]'), 300_002],
    ])('rejects %s', (_name, input, offset) => {
      expectFailure(input, 'invalid_utf8', offset, /^Invalid UTF-8 sequence at byte/);
    });

    it('reports the earliest error when structure breaks before the bad bytes', () => {
      expectFailure(bytes('[1}', [0xff]), 'invalid_json', 2);
      expectFailure(bytes('[1]x', [0xff]), 'invalid_json', 3);
      expectFailure(bytes('[1', [0xff], '}'), 'invalid_utf8', 2);
    });

    it('reports bad bytes even where the structure alone would also fail', () => {
      expectFailure(bytes('[1]', [0x80]), 'invalid_utf8', 3);
      expectFailure(bytes([0xef, 0xbb], '[]'), 'invalid_utf8', 0);
    });

    it('counts the BOM in offsets', () => {
      expectFailure(bytes(BOM, '["', [0xc3], '"]'), 'invalid_utf8', 5);
    });
  });
});
