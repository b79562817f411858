import { JsonArraySplitter } from '../parsing/json-array-splitter';

/** Bytes handed to the splitter at a time: at most ~32,000 elements completed per push. */
export const SPLIT_SLICE_BYTES = 65_536;

/**
 * Scan pass: reads the whole file once and counts the array's elements, so a file that is not a
 * well-formed UTF-8 JSON array fails (FileFormatError) before any product is written.
 */
export async function countElements(chunks: AsyncIterable<Buffer>): Promise<number> {
  // Elements are counted, never decoded nor emitted: 26 million `0` elements build no records.
  const splitter = new JsonArraySplitter({ countOnly: true });
  for await (const chunk of chunks) {
    // In slices, so that a chunk of tiny elements is not 500,000 element records alive at once.
    for (let at = 0; at < chunk.length; at += SPLIT_SLICE_BYTES) splitter.push(chunk.subarray(at, at + SPLIT_SLICE_BYTES));
  }
  splitter.end();
  return splitter.count;
}
