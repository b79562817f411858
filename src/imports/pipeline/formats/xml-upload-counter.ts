import { GmcXmlReader, UPLOAD_COUNT_MAX_STRETCH } from './gmc-xml-reader';

/** Thrown when the upload stops counting an XML feed: the worker's scan pass counts it instead. */
export class CountLeftToWorker extends Error {}

/**
 * The upload's count of a Google Merchant Center XML feed: the items, and a well-formed file, as the
 * worker's scan pass would find them, so that a merge import is applied without reading the file
 * twice. It stops (throws CountLeftToWorker) once more than UPLOAD_COUNT_MAX_STRETCH characters pass
 * without a tag opening or closing, so the API never holds more than that of one text node, comment
 * or attribute value for an upload.
 */
export class XmlUploadCounter {
  private readonly reader = new GmcXmlReader(true);

  get count(): number {
    return this.reader.count;
  }

  push(chunk: Buffer): void {
    this.reader.push(chunk);
    if (this.reader.stretch > UPLOAD_COUNT_MAX_STRETCH) {
      throw new CountLeftToWorker(`over ${UPLOAD_COUNT_MAX_STRETCH} characters without a tag: the worker counts this feed`);
    }
  }

  end(): Promise<void> {
    this.reader.end();
    return Promise.resolve();
  }
}
