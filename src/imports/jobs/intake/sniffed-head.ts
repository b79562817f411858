/**
 * Lets the first bytes of a streamed file be looked at (to tell its format) and then the whole
 * file be read from its start, holding only those first bytes meanwhile.
 */
export class SniffedHead {
  private readonly iterator: AsyncIterator<Buffer>;
  private readonly head: Buffer[] = [];
  private done = false;

  constructor(content: AsyncIterable<Buffer>) {
    this.iterator = content[Symbol.asyncIterator]();
  }

  /** Up to `bytes` first bytes (fewer when the file is shorter). */
  async first(bytes: number): Promise<Buffer> {
    let have = 0;
    while (have < bytes && !this.done) {
      const next = await this.iterator.next();
      if (next.done) this.done = true;
      else {
        this.head.push(next.value);
        have += next.value.length;
      }
    }
    return Buffer.concat(this.head).subarray(0, bytes);
  }

  /** Every chunk of the file, the ones already read first. */
  async *all(): AsyncIterable<Buffer> {
    yield* this.head.splice(0);
    while (!this.done) {
      const next = await this.iterator.next();
      if (next.done) this.done = true;
      else yield next.value;
    }
  }
}
