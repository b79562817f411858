/** Rows of the chunk table: big enough to keep row count low, small enough to stream. */
export const CHUNK_BYTES = 1_048_576;

/** Regroups a byte stream into fixed-size chunks (the last one shorter), numbered from 0. */
export class ChunkAccumulator {
  private buffer: Buffer;
  private filled = 0;
  private seq = 0;

  constructor(private readonly chunkBytes: number) {
    this.buffer = Buffer.allocUnsafe(chunkBytes);
  }

  /** Returns the chunks completed by this data. */
  push(data: Buffer): Array<{ seq: number; data: Buffer }> {
    const done: Array<{ seq: number; data: Buffer }> = [];
    let offset = 0;
    while (offset < data.length) {
      const n = Math.min(this.chunkBytes - this.filled, data.length - offset);
      data.copy(this.buffer, this.filled, offset, offset + n);
      this.filled += n;
      offset += n;
      if (this.filled === this.chunkBytes) done.push(this.take());
    }
    return done;
  }

  /** The final partial chunk, if any. */
  flush(): { seq: number; data: Buffer } | null {
    return this.filled > 0 ? this.take() : null;
  }

  private take(): { seq: number; data: Buffer } {
    const chunk = { seq: this.seq++, data: Buffer.from(this.buffer.subarray(0, this.filled)) };
    this.filled = 0;
    return chunk;
  }
}
