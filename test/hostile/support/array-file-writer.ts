import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

const FLUSH_BYTES = 4 << 20;

/**
 * Streams a generated upload to disk (never held whole) and keeps the generator's own account of
 * what it wrote: how many top-level elements, which are valid products, and the indices of the
 * first `detailsLimit` invalid ones. That account is the expected end state of the import.
 */
export class ArrayFileWriter {
  bytes = 0;
  elements = 0;
  valid = 0;
  invalid = 0;
  readonly firstInvalid: number[] = [];
  private readonly stream: WriteStream;
  private pending: string[] = [];
  private pendingBytes = 0;

  constructor(
    file: string,
    private readonly detailsLimit: number,
  ) {
    this.stream = createWriteStream(file);
  }

  /** Text that is not an element: the opening bracket, whitespace, a BOM. */
  async raw(text: string): Promise<void> {
    const size = Buffer.byteLength(text, 'utf8');
    this.pending.push(text);
    this.pendingBytes += size;
    this.bytes += size;
    if (this.pendingBytes >= FLUSH_BYTES) await this.flush();
  }

  /** One top-level element (its comma is added here); `valid` says whether it is a valid product. */
  async element(text: string, valid: boolean): Promise<void> {
    await this.raw(this.elements === 0 ? text : `,${text}`);
    this.count(valid, 1);
  }

  /** One element written as is: line- and item-based feeds (CSV, XML) carry their own separators. */
  async item(text: string, valid: boolean): Promise<void> {
    await this.raw(text);
    this.count(valid, 1);
  }

  /** `count` copies of the same element, written in blocks (26 million elements in a few seconds). */
  async repeat(text: string, count: number, valid: boolean): Promise<void> {
    const block = 1 << 16;
    for (let left = count; left > 0;) {
      const n = Math.min(block, left);
      const head = this.elements === 0 ? text : `,${text}`;
      await this.raw(head + `,${text}`.repeat(n - 1));
      this.count(valid, n);
      left -= n;
    }
  }

  /** Whitespace (`fill`) up to exactly `size` bytes once `suffix` is written, then the suffix. */
  async padTo(size: number, suffix: string, fill = ' '): Promise<void> {
    const gap = size - this.bytes - Buffer.byteLength(suffix, 'utf8');
    if (gap < 0) throw new Error(`generator overshot: ${this.bytes} bytes before a ${suffix.length}-byte suffix, limit ${size}`);
    await this.raw(fill.repeat(gap) + suffix);
  }

  async close(): Promise<number> {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
    return this.bytes;
  }

  private count(valid: boolean, n: number): void {
    if (valid) {
      this.valid += n;
    } else {
      for (let i = 0; i < n && this.firstInvalid.length < this.detailsLimit; i++) this.firstInvalid.push(this.elements + i);
      this.invalid += n;
    }
    this.elements += n;
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const buffer = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingBytes = 0;
    if (!this.stream.write(buffer)) await once(this.stream, 'drain');
  }
}
