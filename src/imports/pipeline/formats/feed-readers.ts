import { CsvMapping } from './csv-mapping';
import { DelimitedReader } from './delimited-reader';
import type { FeedFormat } from './feed-format';
import type { FeedReader } from './feed-reader';
import { gmcColumnOf } from './gmc-mapping';
import { GmcTsvMapping } from './gmc-tsv-mapping';
import { GmcXmlReader } from './gmc-xml-reader';
import { JsonArrayReader } from './json-array-reader';
import { JsonLinesReader } from './json-lines-reader';

/**
 * A new reader for one pass over a file of `format`; `emitFrom` lets the JSON array skip keeping what
 * was committed; `countOnly` (a scan pass that records no ids) lets CSV, TSV and XML skip mapping.
 */
export function feedReader(format: FeedFormat, options: { emitFrom?: number; countOnly?: boolean } = {}): FeedReader {
  const countOnly = options.countOnly ?? false;
  switch (format) {
    case 'json':
      return new JsonArrayReader(options);
    case 'jsonl':
      return new JsonLinesReader();
    case 'csv':
      return new DelimitedReader(',', new CsvMapping(), 'CSV', countOnly);
    case 'gmc_tsv':
      return new DelimitedReader('\t', new GmcTsvMapping(), 'a Google Merchant Center TSV feed', countOnly);
    case 'gmc_xml':
      return new GmcXmlReader(countOnly);
  }
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
