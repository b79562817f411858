/** V8's JSON.parse messages, by prefix, in our own words (V8's quote a slice of the input). */
const PROBLEMS: ReadonlyArray<[RegExp, string]> = [
  [/^Unexpected end of JSON input/, 'the element ends too early'],
  [/^Unterminated string/, 'unterminated string'],
  [/^Bad control character/, 'control character inside a string'],
  [/^Bad (escaped character|Unicode escape)/, 'invalid escape sequence'],
  [/^(Unexpected token|Unexpected non-whitespace|Expected|Unexpected number|No number)/, 'unexpected character'],
];

const bytes = (n: number) => n.toLocaleString('en-US');

/**
 * Why an element is not valid JSON, saying what and where (byte offsets in the uploaded file)
 * without quoting the input: V8's own message can hold half a surrogate pair or a NUL, which
 * PostgreSQL cannot store, and raw input has no place in an error report anyway.
 */
export function jsonSyntaxMessage(text: string, elementOffset: number, error: unknown): string {
  const v8 = error instanceof Error ? error.message : '';
  const problem = PROBLEMS.find(([pattern]) => pattern.test(v8))?.[1] ?? 'syntax error';
  const position = /^Unexpected end of JSON input/.test(v8) ? text.length : Number(/ at position (\d+)/.exec(v8)?.[1] ?? NaN);
  const starts = `the element starts at byte ${bytes(elementOffset)}`;
  if (!Number.isSafeInteger(position) || position > text.length) return `not valid JSON: ${problem}; ${starts}`;
  const at = elementOffset + Buffer.byteLength(text.slice(0, position), 'utf8');
  return `not valid JSON: ${problem} at byte ${bytes(at)}; ${starts}`;
}
