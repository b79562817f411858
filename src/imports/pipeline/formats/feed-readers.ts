import { CsvMapping } from './csv-mapping';
import { DelimitedReader } from './delimited-reader';
import type { FeedFormat } from '../../../common/feeds/feed-format';
import type { FeedReader } from './feed-reader';
import { gmcColumnOf } from './gmc-mapping';
import { GmcTsvMapping } from './gmc-tsv-mapping';
import { GmcXmlReader } from './gmc-xml-reader';
import { JsonArrayReader } from './json-array-reader';
import { JsonLinesReader } from './json-lines-reader';
import { XmlUploadCounter } from './xml-upload-counter';

/**
 * A new reader for one pass over a file of `format`; `emitFrom` lets the JSON array skip keeping what
 * was committed; `countOnly` (a scan pass that records no ids) lets CSV, TSV and XML skip mapping;
 * `declaredLanguage` (default true): an XML feed's declared language is given to its items (false
 * when the upload named a language, which wins).
 */
export function feedReader(
  format: FeedFormat,
  options: { emitFrom?: number; countOnly?: boolean; declaredLanguage?: boolean } = {},
): FeedReader {
  const countOnly = options.countOnly ?? false;
  switch (format) {
    case 'json':
      return new JsonArrayReader(options);
    case 'jsonl':
      return new JsonLinesReader();
    case 'csv':
    case 'gmc_tsv':
      return delimitedReader(format, countOnly);
    case 'gmc_xml':
      return new GmcXmlReader(countOnly, options.declaredLanguage ?? true);
  }
}

/** A count-only pass that is pushed the file's bytes (the upload's count), where a format has one. */
export interface FeedCounter {
  push(chunk: Buffer): unknown;
  end(): Promise<unknown>;
  readonly count: number;
}

/**
 * The upload's counter for `format`: CSV and TSV (bounded memory, synchronous per chunk), XML (while
 * tags keep coming: XmlUploadCounter); null for JSON Lines (counted by the worker's scan; the JSON
 * array has its own).
 */
export function feedCounter(format: FeedFormat): FeedCounter | null {
  if (format === 'csv' || format === 'gmc_tsv') return delimitedReader(format, true);
  return format === 'gmc_xml' ? new XmlUploadCounter() : null;
}

function delimitedReader(format: 'csv' | 'gmc_tsv', countOnly: boolean): DelimitedReader {
  return format === 'csv'
    ? new DelimitedReader(',', new CsvMapping(), 'CSV', countOnly)
    : new DelimitedReader('\t', new GmcTsvMapping(), 'a Google Merchant Center TSV feed', countOnly);
}

/**
 * The feed column an error's field came from, for /errors: the CSV column (the path without a list
 * index), the GMC attribute; null for the JSON formats, whose field paths are the file's own.
 */
export function feedColumnOf(format: FeedFormat, field: string): string | null {
  if (field === '') return null;
  if (format === 'csv') {
    const path = field.replace(/\[\d+\]$/, '');
    return path.startsWith('attributes.') || path.startsWith('price.') || path.startsWith('sale_price.') ? path : path.split('.')[0];
  }
  if (format === 'gmc_tsv' || format === 'gmc_xml') return gmcColumnOf(field);
  return null;
}
