import type { UploadFile } from './upload-file';

/** What the client was told about a cancel request it sent. */
export type CancelAnswer = { status: string } | { conflict: true };

/** One acknowledged operation of an organization, in the order the client had it acknowledged. */
export type Operation =
  | {
      kind: 'upload';
      jobId: string;
      file: UploadFile;
      mode: 'merge' | 'replace';
      cancel?: CancelAnswer;
      /** When the 202 arrived (ms since the run started). */
      acknowledgedAt: number;
    }
  | { kind: 'delete'; productId: string; answer: 204 | 404 | 'unknown' };

export interface Counters {
  total: number;
  indexed_count: number;
  failed_count: number;
  skipped_count: number;
}

/** What the service must report for one acknowledged upload. */
export interface Prediction {
  status: 'done' | 'failed';
  failureType: string | null;
  /** null: total is not predicted (a job that ended before it was counted). */
  counters: Omit<Counters, 'total'> & { total: number | null };
  /** Replace jobs: products deleted at the end. */
  deletedCount: number | null;
}

/** How the job actually ended, as the API reported it. */
export interface ActualJob {
  status: string;
  failureType: string | null;
  counters: Counters;
  deletedCount: number | null;
}

/**
 * Applies an organization's acknowledged operations in order to an empty catalog (docs/imports.md:
 * merge, replace mode, cancel, delete), predicting each job's end. A cancelled job that was
 * already running stops at a batch boundary the client cannot know: its prefix length is taken from
 * the job's own counters, and the counters of exactly that prefix must then match.
 */
export class CatalogModel {
  readonly catalog = new Map<string, string>();
  readonly problems: string[] = [];

  constructor(private readonly replaceMaxDeleteRatio: number) {}

  apply(op: Operation, actual: ActualJob | undefined): Prediction | null {
    if (op.kind === 'delete') {
      const present = this.catalog.delete(op.productId);
      if (op.answer !== 'unknown' && op.answer !== (present ? 204 : 404)) {
        this.problems.push(`DELETE ${op.productId} answered ${op.answer}, the model says ${present ? 204 : 404}`);
      }
      return null;
    }
    const { file } = op;
    const zero = { total: null, indexed_count: 0, failed_count: 0, skipped_count: 0 };
    if (file.fileFailure) return { status: 'failed', failureType: file.fileFailure, counters: zero, deletedCount: 0 };
    const cancelled = op.cancel && !('conflict' in op.cancel);
    if (cancelled) {
      // The batches committed before the cancel's batch boundary stay applied (none for a pending job).
      const applied = actual ? actual.counters.indexed_count + actual.counters.failed_count + actual.counters.skipped_count : 0;
      const counters = this.merge(file, Math.min(applied, file.elements.length));
      return {
        status: 'failed',
        failureType: 'cancelled',
        counters: { ...counters, total: applied === 0 ? null : counters.total },
        deletedCount: 0,
      };
    }
    if (op.mode === 'replace') {
      const named = new Set(file.elements.map((e) => e.namedId).filter((id): id is string => id !== null));
      const doomed = [...this.catalog.keys()].filter((id) => !named.has(id));
      if (this.catalog.size > 0 && doomed.length > this.catalog.size * this.replaceMaxDeleteRatio) {
        return { status: 'failed', failureType: 'mass_delete_refused', counters: zero, deletedCount: 0 };
      }
      const counters = this.merge(file, file.elements.length);
      for (const id of doomed) this.catalog.delete(id);
      return { status: 'done', failureType: null, counters, deletedCount: doomed.length };
    }
    return { status: 'done', failureType: null, counters: this.merge(file, file.elements.length), deletedCount: 0 };
  }

  /** Merges the first `count` elements; returns their counters. */
  private merge(file: UploadFile, count: number): Counters {
    const counters = { total: file.elements.length, indexed_count: 0, failed_count: 0, skipped_count: 0 };
    for (const element of file.elements.slice(0, count)) {
      if (!element.product) counters.failed_count++;
      else if (this.catalog.get(element.product.id) === element.product.data) counters.skipped_count++;
      else {
        counters.indexed_count++;
        this.catalog.set(element.product.id, element.product.data);
      }
    }
    return counters;
  }
}

/** Differences between a prediction and the job's end (empty = as predicted). */
export function predictionDifferences(predicted: Prediction, actual: ActualJob): string[] {
  const problems: string[] = [];
  if (actual.status !== predicted.status) problems.push(`status ${actual.status} != predicted ${predicted.status}`);
  if (actual.failureType !== predicted.failureType) problems.push(`failure ${actual.failureType} != predicted ${predicted.failureType}`);
  for (const key of ['total', 'indexed_count', 'failed_count', 'skipped_count'] as const) {
    const want = predicted.counters[key];
    if (want !== null && actual.counters[key] !== want) problems.push(`${key} ${actual.counters[key]} != predicted ${want}`);
  }
  if (predicted.deletedCount !== null && actual.deletedCount !== null && actual.deletedCount !== predicted.deletedCount) {
    problems.push(`deleted_count ${actual.deletedCount} != predicted ${predicted.deletedCount}`);
  }
  return problems;
}
