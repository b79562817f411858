import type { FeedFormat } from '../../../common/feeds/feed-format';
import { feedCounter, type FeedCounter } from '../../pipeline/formats/feed-readers';
import { FileFormatError, JsonArraySplitter } from '../../pipeline/parsing/json-array-splitter';

/**
 * Counts the elements of an upload as its bytes are stored: the worker's scan pass, done on the
 * bytes already in hand (for a JSON array, for CSV and TSV, whose reading is bounded in memory, and
 * for XML while its tags keep coming; JSON Lines is left to the worker). A file that cannot be read as its format gets no
 * count (null); the worker's own scan then finds the same error and fails the job as before, so
 * nothing about bad files changes here, and the upload is never refused for it.
 */
export class UploadScan {
  private json: JsonArraySplitter | null = new JsonArraySplitter({ countOnly: true });
  private feed: FeedCounter | null = null;
  private failed = false;

  /** The file's format, once told (before the first push): the JSON array's count is the default. */
  use(format: FeedFormat): void {
    if (format === 'json') return;
    this.json = null;
    this.feed = feedCounter(format);
    if (this.feed === null) this.failed = true;
  }

  push(data: Buffer): void {
    if (this.failed) return;
    if (this.json) this.attempt(() => this.json!.push(data));
    else this.attemptFeed(() => void this.feed!.push(data));
  }

  /** The element count of the whole file, or null when it could not be read as its format (or is not counted here). */
  async finish(): Promise<number | null> {
    if (this.json) {
      if (!this.failed) this.attempt(() => this.json!.end());
      return this.failed ? null : this.json.count;
    }
    if (this.failed || this.feed === null) return null;
    try {
      await this.feed.end();
    } catch {
      return null; // the worker's scan pass reads it again and reports why
    }
    return this.feed.count;
  }

  private attempt(step: () => void): void {
    try {
      step();
    } catch (error) {
      if (!(error instanceof FileFormatError)) throw error;
      this.failed = true;
    }
  }

  /** Any error of a feed's count leaves the count to the worker: the upload is never refused for it. */
  private attemptFeed(step: () => void): void {
    try {
      step();
    } catch {
      this.failed = true;
      this.feed = null; // what its parser holds is let go now, not at the end of the upload
    }
  }
}
