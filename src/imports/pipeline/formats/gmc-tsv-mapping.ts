import { FileFormatError } from '../parsing/file-format-error';
import type { RowMapping } from './delimited-reader';
import { gmcAttributeName, gmcProduct, gmcSlot, GmcValues } from './gmc-mapping';

/** A Google Merchant Center tab-separated feed: a header of GMC attribute names, one item a row. */
export class GmcTsvMapping implements RowMapping {
  /** The slot of each column's attribute (-1: not mapped). */
  private slots: number[] = [];
  private readonly values = new GmcValues();

  header(columns: string[]): void {
    const names = columns.map(gmcAttributeName);
    this.slots = names.map(gmcSlot);
    if (!names.includes('id')) {
      throw new FileFormatError('invalid_feed', 'The header row cannot be read as a Google Merchant Center feed: it has no "id" column', 0);
    }
  }

  product(cells: string[]): Record<string, unknown> {
    const values = this.values;
    values.clear();
    for (let i = 0; i < cells.length; i++) if (this.slots[i] >= 0) values.add(this.slots[i], cells[i]);
    return gmcProduct(values);
  }
}
