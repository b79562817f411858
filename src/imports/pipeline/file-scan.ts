import { elementText, type RawElement } from './raw-element';
import { reportableProductId } from '../../catalog/product/product-id';
import type { FeedFormat } from '../../common/feeds/feed-format';
import { feedReader } from './formats/feed-readers';
import { SPLIT_SLICE_BYTES } from './formats/json-array-reader';
import { JsonArraySplitter } from './parsing/json-array-splitter';

export { SPLIT_SLICE_BYTES };

/**
 * Scan pass: reads the whole file once and counts the array's elements, so a file that is not a
 * well-formed UTF-8 JSON array fails (FileFormatError) before any product is written.
 */
export async function countElements(chunks: AsyncIterable<Buffer>, format: FeedFormat = 'json'): Promise<number> {
  if (format !== 'json') {
    // The other formats are read whole (their rows and items are what can fail the file).
    const reader = feedReader(format, { countOnly: true });
    for await (const elements of reader.read(chunks)) void elements;
    return reader.count;
  }
  // Elements are counted, never decoded nor emitted: 26 million `0` elements build no records.
  const splitter = new JsonArraySplitter({ countOnly: true });
  for await (const chunk of chunks) {
    // In slices, so that a chunk of tiny elements is not 500,000 element records alive at once.
    for (let at = 0; at < chunk.length; at += SPLIT_SLICE_BYTES) splitter.push(chunk.subarray(at, at + SPLIT_SLICE_BYTES));
  }
  splitter.end();
  return splitter.count;
}

/** Ids handed to `record` at a time (≤ 100 characters each: one statement stays under ~1 MiB). */
export const ID_BATCH_SIZE = 10_000;

/**
 * The scan pass of a replace import: counts like countElements and also hands every id the file
 * names to `record`, ten thousand at a time, so the worker never holds the whole id set. One
 * `record` runs while the next batch is parsed (two batches alive at most).
 */
export async function countElementsRecordingIds(
  chunks: AsyncIterable<Buffer>,
  record: (productIds: string[]) => Promise<void>,
  format: FeedFormat = 'json',
): Promise<number> {
  const reader = feedReader(format);
  let ids: string[] = [];
  let recording: Promise<void> = Promise.resolve();
  const flush = async () => {
    await recording;
    recording = record(ids);
    recording.catch(() => undefined); // awaited by the next flush or at the end; never unhandled meanwhile
    ids = [];
  };
  const take = async (elements: RawElement[]) => {
    for (const element of elements) {
      // A feed row found valid names its id; any other element's is read from its JSON.
      const id = element.validId ?? elementProductId(elementText(element));
      if (id !== null) ids.push(id);
    }
    if (ids.length >= ID_BATCH_SIZE) await flush();
  };
  try {
    for await (const elements of reader.read(chunks)) await take(elements);
    if (ids.length > 0) await flush();
  } finally {
    await recording.catch(() => undefined); // no write outlives a failed scan
  }
  await recording;
  return reader.count;
}

/**
 * The id an element names, valid product or not (an invalid element with a usable id still
 * "occurs in the file", so a replace import keeps that product). Null for elements whose id cannot
 * be read: not an object, not JSON, over 256 KiB, or no usable id.
 */
export function elementProductId(text: string | null): string | null {
  if (text === null || text.charCodeAt(0) !== 0x7b /* { */) return null;
  try {
    return reportableProductId(JSON.parse(text));
  } catch {
    return null;
  }
}
