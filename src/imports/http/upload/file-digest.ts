import { createHash } from 'node:crypto';

/** Hashes a file's content as it streams past, so its SHA-256 is known once the last byte is read. */
export class FileDigest {
  private readonly hash = createHash('sha256');
  private digest: Buffer | undefined;

  /** Yields every chunk unchanged, hashing it on the way. */
  async *pass(content: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
    for await (const data of content) {
      this.hash.update(data);
      yield data;
    }
    this.digest = this.hash.digest();
  }

  /** The SHA-256 of everything passed; only once the content was read to its end. */
  get sha256(): Buffer {
    if (!this.digest) throw new Error('the file was not read to its end');
    return this.digest;
  }
}

/** Reads content to its end through the digest, storing nothing. Returns its size. */
export async function hashOnly(content: AsyncIterable<Buffer>, digest: FileDigest): Promise<number> {
  let size = 0;
  for await (const data of digest.pass(content)) size += data.length;
  return size;
}
