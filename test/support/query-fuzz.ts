import fc from 'fast-check';

/** Percent-encodes every byte, so any byte sequence (invalid UTF-8 included) reaches the query parser as sent. */
export function percentEncode(bytes: Uint8Array | string): string {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes);
  let out = '';
  for (const byte of buffer) out += `%${byte.toString(16).padStart(2, '0')}`;
  return out;
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Number literals as a client could write them in JSON: exponents, -0, 1.0, beyond int4/float8, fractions, denormals. */
const numberLiteral: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1.5', '3e9', '1e21', '-0', '-1', '1.0', '1E2', '2147483647', '2147483648', '-2147483649', '1e999', '-1e999'),
  fc.constantFrom('5e-324', '9007199254740993', '0.1e-400', '123456789012345678901234567890'),
  fc.integer().map(String),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
  fc.double().map((d) => JSON.stringify(d)), // NaN/Infinity become null
);

/** JSON string literals holding what PostgreSQL cannot store or a column cannot hold. */
const stringLiteral: fc.Arbitrary<string> = fc.oneof(
  fc.string().map((s) => JSON.stringify(s)),
  fc.constantFrom('"\\u0000"', '"a\\ud800"', '"\\udc00b"', '""', '"\'; DROP TABLE products; --"', '"%"', '"\\\\"'),
  fc.uuid().map((u) => JSON.stringify(u)),
  fc.uuid().map((u) => JSON.stringify(u.toUpperCase())),
  fc.integer({ min: 90, max: 800 }).map((n) => JSON.stringify('x'.repeat(n))),
);

const valueLiteral: fc.Arbitrary<string> = fc.oneof(
  numberLiteral,
  stringLiteral,
  fc.constantFrom('null', 'true', 'false', '[]', '{}', '[1]', '{"a":1}'),
);

/**
 * Objects with the keys some cursor has (index, id, rank), missing ones, unknown ones and
 * repeated ones, each holding a hostile value: "structurally right" cursors a client could forge.
 */
const forgedObject: fc.Arbitrary<string> = fc
  .array(fc.tuple(fc.constantFrom('index', 'id', 'rank', 'x', '__proto__', ''), valueLiteral), { maxLength: 4 })
  .map((fields) => `{${fields.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`);

/** What a client might send as `cursor`, ready to put in a query string. */
export const hostileCursor: fc.Arbitrary<string> = fc.oneof(
  forgedObject.map((json) => percentEncode(base64url(json))),
  fc.json().map((json) => percentEncode(base64url(json))),
  fc.string().map((s) => percentEncode(base64url(s))),
  fc.string({ unit: 'grapheme', maxLength: 60 }).map(percentEncode),
  fc.uint8Array({ maxLength: 120 }).map(percentEncode),
  fc.stringMatching(/^[A-Za-z0-9_-]{0,40}$/),
);

const QUERY_TOKENS = [
  'wool',
  'sweater',
  'or',
  'OR',
  '-',
  '"',
  "'",
  '&',
  '|',
  '!',
  '<->',
  '<2>',
  ':*',
  '*',
  '(',
  ')',
  '\\',
  ':',
  ' ',
  'a:b',
  'ß',
  '😀',
  '\u0000',
  '\t',
];

/** What a client might send as `q`: web-search syntax fragments, tsquery operators, random text and bytes, long strings. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.constantFrom(...QUERY_TOKENS), { minLength: 1, maxLength: 40 }).map((parts) => percentEncode(parts.join(''))),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 220 }).map(percentEncode),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 220 }).map(percentEncode),
  fc.uint8Array({ minLength: 1, maxLength: 260 }).map(percentEncode),
  fc.integer({ min: 195, max: 205 }).map((n) => 'w'.repeat(n)),
);
