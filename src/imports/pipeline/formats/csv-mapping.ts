import { isProductField, PRODUCT_FIELD_KINDS } from '../../../catalog/product/product-fields';
import { FileFormatError } from '../parsing/file-format-error';
import type { RowMapping } from './delimited-reader';
import { listOf, numberOrText } from './text-values';

/** Separates the items of a list field (`tags`, `categories`, `additional_image_urls`) in one cell. */
export const CSV_LIST_SEPARATOR = '|';

type Setter = (product: Record<string, unknown>, cell: string) => void;

/**
 * CSV with a header row of our field names: nested fields as dotted paths (`price.amount`,
 * `price.currency`, `attributes.<key>`), lists in one cell separated by `|`. An empty cell is an
 * absent field. A column that is not a product field is kept as one, so validation names it.
 */
export class CsvMapping implements RowMapping {
  /** A setter per column, in the order of the column names: so the product's keys come out in canonical order (mapped-element.ts). */
  private setters: Array<{ column: number; set: Setter }> = [];

  header(columns: string[]): void {
    const seen = new Set<string>();
    const named = columns.map((raw, index) => {
      const column = raw.trim();
      if (column === '') throw new FileFormatError('invalid_feed', 'The header row cannot be read as CSV: a column has no name', 0);
      if (seen.has(column))
        throw new FileFormatError(
          'invalid_feed',
          `The header row cannot be read as CSV: the column ${JSON.stringify(column.slice(0, 128))} appears twice`,
          0,
        );
      seen.add(column);
      return { name: column, column: index, set: setterFor(column) };
    });
    this.setters = named.sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  product(cells: string[]): Record<string, unknown> {
    const product: Record<string, unknown> = {};
    for (const { column, set } of this.setters) if (cells[column] !== '') set(product, cells[column]);
    return product;
  }
}

function setterFor(column: string): Setter {
  const dot = column.indexOf('.');
  const field = dot === -1 ? column : column.slice(0, dot);
  const key = dot === -1 ? null : column.slice(dot + 1);
  const kind = isProductField(field) ? PRODUCT_FIELD_KINDS[field] : 'text';
  if (key !== null && (kind === 'money' || kind === 'attributes')) {
    const value = kind === 'money' && key === 'amount' ? numberOrText : (cell: string) => cell;
    return (product, cell) => {
      const object = (product[field] ??= {}) as Record<string, unknown>;
      object[key] = value(cell);
    };
  }
  if (kind === 'list') return (product, cell) => (product[column] = listOf(cell, CSV_LIST_SEPARATOR));
  if (kind === 'integer') return (product, cell) => (product[column] = numberOrText(cell));
  return (product, cell) => (product[column] = cell);
}
