import { JsonArraySplitter } from '../parsing/json-array-splitter';

/**
 * Scan pass: reads the whole file once and counts the array's elements, so a file that is not a
 * well-formed UTF-8 JSON array fails (FileFormatError) before any product is written.
 */
export async function countElements(chunks: AsyncIterable<Buffer>): Promise<number> {
  // Elements are counted, never decoded: emitFrom beyond any real index skips building their text.
  const splitter = new JsonArraySplitter({ emitFrom: Number.MAX_SAFE_INTEGER });
  for await (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return splitter.count;
}
