import type { FileAccount, Shape } from './shapes';

/** The end state the job lifecycle and the product schema prescribe, derived from the generator's own account of the file. */
export interface ExpectedOutcome {
  status: 'done' | 'failed';
  failureType: string | null;
  total: number;
  indexed: number;
  failed: number;
  skipped: number;
  /** The organization (fresh per shape) then holds exactly the valid products: their ids are distinct. */
  productCount: number;
  /** `/errors` lists exactly these element indices: the first IMPORT_ERROR_DETAILS_LIMIT failed ones. */
  errorIndices: number[];
}

export function expectedOutcome(shape: Shape, account: FileAccount): ExpectedOutcome {
  if (shape.fileFailure) {
    // A failed file changes nothing: no element counted, no product, no error row.
    return {
      status: 'failed',
      failureType: shape.fileFailure,
      total: 0,
      indexed: 0,
      failed: 0,
      skipped: 0,
      productCount: 0,
      errorIndices: [],
    };
  }
  return {
    status: 'done',
    failureType: null,
    total: account.elements,
    indexed: account.valid,
    failed: account.invalid,
    skipped: 0,
    productCount: account.valid,
    errorIndices: account.firstInvalid,
  };
}
