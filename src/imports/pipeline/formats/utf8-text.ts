import { FileFormatError, formatOffset } from '../parsing/file-format-error';

/**
 * Decodes a file's chunks as UTF-8 as they arrive, failing the file (invalid_utf8) on the first
 * bad sequence, as the JSON array splitter does; a leading byte order mark is dropped.
 */
export class Utf8Text {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  private offset = 0;

  decode(chunk: Buffer): string {
    const at = this.offset;
    this.offset += chunk.length;
    return this.attempt(() => this.decoder.decode(chunk, { stream: true }), at);
  }

  end(): string {
    return this.attempt(() => this.decoder.decode(), this.offset);
  }

  private attempt(step: () => string, at: number): string {
    try {
      return step();
    } catch {
      throw new FileFormatError('invalid_utf8', `Invalid UTF-8 sequence in the bytes from ${formatOffset(at)}`, at);
    }
  }
}
