import type { FieldErrorRecord } from './entities/import-error.entity';

/** A row of element errors as the worker writes it. */
export interface ImportErrorRow {
  index: number;
  productId: string | null;
  errors: FieldErrorRecord[];
}

/** A stored row as /errors reads it: at most `ERRORS_READ_PER_ROW` errors, and how many it held. */
export interface StoredImportError {
  index: number;
  productId: string | null;
  errors: FieldErrorRecord[];
  errorCount: number;
}
