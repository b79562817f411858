import { FileFormatError } from '../parsing/file-format-error';
import type { RowMapping } from './delimited-reader';
import { gmcAttributeName, gmcField, gmcProduct } from './gmc-mapping';

/** A Google Merchant Center tab-separated feed: a header of GMC attribute names, one item a row. */
export class GmcTsvMapping implements RowMapping {
  private names: string[] = [];

  header(columns: string[]): void {
    this.names = columns.map(gmcAttributeName);
    if (!this.names.includes('id')) {
      throw new FileFormatError('invalid_feed', 'The header row cannot be read as a Google Merchant Center feed: it has no "id" column', 0);
    }
  }

  product(cells: string[]): Record<string, unknown> {
    const values = new Map<string, string[]>();
    for (let i = 0; i < cells.length; i++) {
      const name = this.names[i];
      if (gmcField(name) === undefined) continue;
      const list = values.get(name);
      if (list) list.push(cells[i]);
      else values.set(name, [cells[i]]);
    }
    return gmcProduct(values);
  }
}
