import { FileFormatError, JsonArraySplitter } from '../../pipeline/parsing/json-array-splitter';

/**
 * Counts the elements of an upload as its bytes are stored: the worker's scan pass, done on the
 * bytes already in hand. A file that is not a well-formed UTF-8 JSON array gets no count (null);
 * the worker's own scan then finds the same error and fails the job as before, so nothing about
 * bad files changes here, and the upload is never refused for it.
 */
export class UploadScan {
  private readonly splitter = new JsonArraySplitter({ countOnly: true });
  private failed = false;

  /** Not a JSON array: no count from the upload (the worker's scan pass counts it). */
  skip(): void {
    this.failed = true;
  }

  push(data: Buffer): void {
    if (!this.failed) this.attempt(() => this.splitter.push(data));
  }

  /** The element count of the whole file, or null when it is not a well-formed array. */
  finish(): number | null {
    if (!this.failed) this.attempt(() => this.splitter.end());
    return this.failed ? null : this.splitter.count;
  }

  private attempt(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (!(error instanceof FileFormatError)) throw error;
      this.failed = true;
    }
  }
}
