import { isUtf8 } from 'node:buffer';

/* Streaming UTF-8 validation across chunk boundaries (used by the JSON array splitter). */

/** Total length of the sequence a lead byte starts; 0 when it cannot start one. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead < 0xc2) return 0; // continuation byte, or C0/C1 (always overlong)
  if (lead < 0xe0) return 2;
  if (lead < 0xf0) return 3;
  if (lead < 0xf5) return 4;
  return 0; // beyond U+10FFFF
}

/** RFC 3629 constraints on the second byte rule out overlongs, surrogates and > U+10FFFF. */
function isValidSecondByte(lead: number, byte: number): boolean {
  if (lead === 0xe0) return byte >= 0xa0 && byte <= 0xbf;
  if (lead === 0xed) return byte >= 0x80 && byte <= 0x9f;
  if (lead === 0xf0) return byte >= 0x90 && byte <= 0xbf;
  if (lead === 0xf4) return byte >= 0x80 && byte <= 0x8f;
  return (byte & 0xc0) === 0x80;
}

function isValidFollowingByte(lead: number, position: number, byte: number): boolean {
  return position === 1 ? isValidSecondByte(lead, byte) : (byte & 0xc0) === 0x80;
}

/**
 * Index of the first byte that starts an invalid (or range-truncated) sequence,
 * or -1. Slow path: only run once isUtf8 has said the range is bad.
 */
function findInvalidUtf8(buf: Buffer, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const lead = buf[i];
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = sequenceLength(lead);
    if (length === 0 || i + length > to) return i;
    for (let k = 1; k < length; k++) {
      if (!isValidFollowingByte(lead, k, buf[i + k])) return i;
    }
    i += length;
  }
  return -1;
}

export const CARRY_INCOMPLETE = -1;
export const CARRY_INVALID = -2;

/**
 * Validates a byte stream chunk by chunk. A multi-byte sequence cut by a chunk
 * boundary is carried over (at most 3 bytes) and completed from the next chunk.
 */
export class Utf8StreamValidator {
  /** Bytes of a sequence started in an earlier chunk; holds the full sequence once complete. */
  readonly carry = Buffer.alloc(4);
  carryLength = 0;
  /** File offset of the carried sequence's lead byte. */
  carryOffset = 0;

  /**
   * Completes the carried sequence from the start of `chunk`. Returns how many
   * chunk bytes it took, CARRY_INCOMPLETE if the chunk ran out first, or
   * CARRY_INVALID if a byte cannot continue the sequence.
   */
  resumeCarry(chunk: Buffer): number {
    const lead = this.carry[0];
    const needed = sequenceLength(lead);
    let used = 0;
    while (this.carryLength < needed) {
      if (used === chunk.length) return CARRY_INCOMPLETE;
      const byte = chunk[used];
      if (!isValidFollowingByte(lead, this.carryLength, byte)) return CARRY_INVALID;
      this.carry[this.carryLength++] = byte;
      used++;
    }
    return used;
  }

  /** Forgets a completed carry once its bytes have been consumed. */
  clearCarry(): void {
    this.carryLength = 0;
  }

  /**
   * Validates chunk[from..]. Returns the index of the first invalid sequence, or -1.
   * A valid but incomplete final sequence is moved into the carry and excluded
   * from validation; `validEnd` says where the checked bytes stop.
   */
  check(chunk: Buffer, from: number, chunkOffset: number): { validEnd: number; invalidAt: number } {
    const end = chunk.length;
    const tailStart = this.incompleteTailStart(chunk, from, end);
    if (!isUtf8(chunk.subarray(from, tailStart))) {
      const bad = findInvalidUtf8(chunk, from, tailStart);
      // isUtf8 and the fallback agree in practice; trust isUtf8 if they do not.
      const invalidAt = bad < 0 ? from : bad;
      return { validEnd: invalidAt, invalidAt };
    }
    if (tailStart < end) {
      chunk.copy(this.carry, 0, tailStart, end);
      this.carryLength = end - tailStart;
      this.carryOffset = chunkOffset + tailStart;
    }
    return { validEnd: tailStart, invalidAt: -1 };
  }

  /**
   * Start of a sequence that is valid so far but cut by the end of the chunk,
   * or `end` if there is none. A cut sequence that is already invalid is left
   * in range so that validation reports it.
   */
  private incompleteTailStart(chunk: Buffer, from: number, end: number): number {
    const lowest = Math.max(from, end - 3);
    for (let i = end - 1; i >= lowest; i--) {
      const lead = chunk[i];
      if ((lead & 0xc0) === 0x80) continue;
      const length = sequenceLength(lead);
      if (length <= end - i) return end;
      for (let k = 1; i + k < end; k++) {
        if (!isValidFollowingByte(lead, k, chunk[i + k])) return end;
      }
      return i;
    }
    return end;
  }
}
