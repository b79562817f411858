import { boundedText } from '../../common/text/bounded-text';
import { toStorableString } from '../../common/text/storable-string';
import { MAX_FIELD_ERRORS, MAX_FIELD_LENGTH, MAX_MESSAGE_LENGTH, moreErrorsEntry } from '../../catalog/validation/field-error-list';
import type { ImportErrorDto } from './import-errors-page.dto';
import type { StoredImportError } from '../jobs/import-error-rows';

/** An /errors page stops adding rows once its rows reach this many bytes of JSON (at least one row). */
export const MAX_ERRORS_PAGE_BYTES = 1_048_576;

const bounded = (text: string, max: number) => toStorableString(boundedText(text, max));

/**
 * One row as /errors shows it, with the per-element caps applied again on the way out: rows
 * written before the caps existed may hold thousands of errors or very long paths.
 */
export function importErrorDto(row: StoredImportError): ImportErrorDto {
  const truncated = row.errorCount > MAX_FIELD_ERRORS + 1;
  const shown = truncated ? row.errors.slice(0, MAX_FIELD_ERRORS) : row.errors;
  const errors: ImportErrorDto['errors'] = shown.map((e) => ({
    field: bounded(String(e.field), MAX_FIELD_LENGTH),
    message: bounded(String(e.message), MAX_MESSAGE_LENGTH),
    ...(typeof e.line === 'number' ? { line: e.line } : {}),
    ...(typeof e.column === 'string' ? { column: bounded(e.column, MAX_FIELD_LENGTH) } : {}),
  }));
  if (truncated) errors.push(moreErrorsEntry(row.errorCount - MAX_FIELD_ERRORS));
  return { index: row.index, product_id: row.productId, errors };
}

/**
 * The rows of one page: at most `limit`, and no more once they reach `maxBytes` of JSON. `more`
 * says whether rows were left for the next page (given `rows` holds one row past the limit).
 */
export function fitPage<T>(rows: readonly T[], limit: number, maxBytes = MAX_ERRORS_PAGE_BYTES): { items: T[]; more: boolean } {
  const items: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (items.length >= limit || (items.length > 0 && bytes >= maxBytes)) break;
    items.push(row);
    bytes += Buffer.byteLength(JSON.stringify(row), 'utf8');
  }
  return { items, more: rows.length > items.length };
}
