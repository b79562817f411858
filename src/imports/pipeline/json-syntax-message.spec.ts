import fc from 'fast-check';
import { isStorableString } from '../../common/text/storable-string';
import { jsonSyntaxMessage } from './json-syntax-message';

const messageFor = (text: string, offset = 0): string => {
  try {
    JSON.parse(text);
  } catch (error) {
    return jsonSyntaxMessage(text, offset, error);
  }
  throw new Error(`${text} is valid JSON`);
};

describe('jsonSyntaxMessage', () => {
  it.each(['😀', '\u0000', '\\ud800', '\uD83D'])('says where %p starts without quoting it', (text) => {
    const message = messageFor(text, 31);
    expect(message).toBe('not valid JSON: unexpected character; the element starts at byte 31');
  });

  it('gives the byte offset of the error in the file, counting UTF-8 bytes', () => {
    // The "}" is at position 7 (UTF-16) but byte 8 of the element: "é" is 2 bytes.
    expect(messageFor('{"é":1,}', 1_000)).toBe('not valid JSON: unexpected character at byte 1,008; the element starts at byte 1,000');
  });

  it.each([
    ['{"a":"x', 'unterminated string at byte 7'],
    ['tru', 'the element ends too early at byte 3'],
    ['{"a":"\u0001"}', 'control character inside a string at byte 6'],
    ['{"a":"\\q"}', 'invalid escape sequence at byte 7'],
  ])('names the problem in %p', (text, expected) => {
    expect(messageFor(text)).toContain(expected);
  });

  it('is storable, short and free of the input for any invalid element', () => {
    const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    fc.assert(
      fc.property(fc.string({ unit: anyCodeUnit, minLength: 1, maxLength: 40 }), fc.nat(), (text, offset) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        fc.pre(!valid);
        const message = messageFor(text, offset);
        expect(isStorableString(message)).toBe(true);
        expect(message.length).toBeLessThan(160);
        expect(message).toMatch(/^not valid JSON: [a-z ]+( at byte [\d,]+)?; the element starts at byte [\d,]+$/);
      }),
      { numRuns: 500 },
    );
  });
});
