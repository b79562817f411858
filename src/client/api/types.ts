/**
 * The HTTP contract as the client reads it (docs/api-contract.md). Declared here rather than imported from
 * the server's DTO classes, which carry Nest and class-validator decorators the client must not load.
 */
export type JobStatus = 'pending' | 'processing' | 'done' | 'failed';

export interface ImportJob {
  job_id: string;
  status: JobStatus;
  total: number;
  indexed_count: number;
  failed_count: number;
  skipped_count: number;
  progress: number;
  started_at: string | null;
  completed_at: string | null;
}

export interface UploadResult {
  job_id: string;
}

export interface FieldError {
  field: string;
  message: string;
}

export interface ImportErrorRow {
  index: number;
  product_id: string | null;
  errors: FieldError[];
}

export interface ImportErrorsPage {
  job_id: string;
  failure: { type: string; message: string } | null;
  failed_count: number;
  error_details_kept: number;
  data: ImportErrorRow[];
  next_cursor: string | null;
}

export interface StoredProduct {
  id: string;
  title: string;
  price?: { amount: number; currency: string };
  availability?: string;
  brand?: string;
  [field: string]: unknown;
}

export interface ProductPage {
  data: StoredProduct[];
  next_cursor: string | null;
}

/** Every error the service answers: `{"error":{"type","message"}}`. */
export interface ErrorBody {
  error: { type: string; message: string };
}

export const isTerminal = (status: JobStatus): boolean => status === 'done' || status === 'failed';
