import { JsonArraySplitter } from '../parsing/json-array-splitter';
import { MAX_ELEMENT_BYTES, type RawElement } from '../raw-element';
import type { FeedReader } from './feed-reader';

/** Bytes handed to the splitter at a time: at most ~32,000 elements completed per push. */
export const SPLIT_SLICE_BYTES = 65_536;

/** The JSON array: the elements' own bytes, cut by the splitter (those before `emitFrom` not kept). */
export class JsonArrayReader implements FeedReader {
  private readonly splitter: JsonArraySplitter;

  constructor(options: { emitFrom?: number } = {}) {
    this.splitter = new JsonArraySplitter({ emitFrom: options.emitFrom ?? 0, maxElementBytes: MAX_ELEMENT_BYTES });
  }

  get count(): number {
    return this.splitter.count;
  }

  async *read(chunks: AsyncIterable<Buffer>): AsyncIterable<RawElement[]> {
    for await (const chunk of chunks) {
      // In slices: a 1 MiB chunk of `0,0,…` completes 500,000 elements in one push, and holding them
      // all across the batch awaits would promote them all to the old generation.
      for (let at = 0; at < chunk.length; at += SPLIT_SLICE_BYTES) yield this.splitter.push(chunk.subarray(at, at + SPLIT_SLICE_BYTES));
    }
    yield this.splitter.end();
  }
}
