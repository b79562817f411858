import { isStorableString } from '../../../common/text/storable-string';
import { PRODUCT_LIMITS } from '../../../catalog/validation/product-limits';

const QUOTE = 0x22;
const COMMA = 0x2c;
const CLOSE_CURLY = 0x7d;
const DIGIT_0 = 0x30;
const DIGIT_1 = 0x31;
const DIGIT_9 = 0x39;

/**
 * The id an element most likely has, read from its first bytes without decoding or parsing
 * (`{"id":"SKU-1",…` or `{"id":42,…`), or null. Only a key for looking up the stored raw hash: an
 * element whose raw bytes hash equal to what is stored for that id is byte for byte the element
 * stored under it, so the guess is then right whatever the rest of the element holds; otherwise it
 * is parsed as usual. The element is bytes[from, to), valid UTF-8 (the splitter checked it).
 */
export function guessId(bytes: Buffer | null, from = 0, to = bytes?.length ?? 0): string | null {
  if (bytes === null || to - from < 8 || !startsWithIdKey(bytes, from)) return null;
  if (bytes[from + 6] === QUOTE) {
    const end = bytes.indexOf(QUOTE, from + 7);
    // ≤ idMaxLength UTF-16 units take ≤ 3 bytes each: a longer byte run cannot be a usable id.
    if (end < from + 8 || end >= to || end - from - 7 > 3 * PRODUCT_LIMITS.idMaxLength) return null;
    const id = bytes.toString('utf8', from + 7, end);
    return id.length > PRODUCT_LIMITS.idMaxLength || id.includes('\\') || !isStorableString(id) ? null : id;
  }
  // A plain integer of at most 15 digits (a safe integer, written as it is stored), then `,` or `}`.
  const first = bytes[from + 6];
  if (first < DIGIT_1 || first > DIGIT_9) return null;
  let end = from + 7;
  const digitsEnd = Math.min(to, from + 21);
  while (end < digitsEnd && bytes[end] >= DIGIT_0 && bytes[end] <= DIGIT_9) end++;
  if (end >= to) return null;
  return bytes[end] === COMMA || bytes[end] === CLOSE_CURLY ? bytes.toString('latin1', from + 6, end) : null;
}

/** `{"id":` */
function startsWithIdKey(bytes: Buffer, at: number): boolean {
  return (
    bytes[at] === 0x7b &&
    bytes[at + 1] === QUOTE &&
    bytes[at + 2] === 0x69 &&
    bytes[at + 3] === 0x64 &&
    bytes[at + 4] === QUOTE &&
    bytes[at + 5] === 0x3a
  );
}
