import type { ImportJob } from '../entities/import-job.entity';

/** An import job row as a new upload stores it (pending, nothing counted), for specs and fakes. */
export function importJobRow(row: Partial<ImportJob> = {}): ImportJob {
  return {
    id: '3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10',
    organizationId: 'o',
    accountId: 'a',
    status: 'pending',
    total: 0,
    scannedTotal: null,
    indexedCount: 0,
    failedCount: 0,
    skippedCount: 0,
    cursor: 0,
    fileName: 'f.json',
    fileSize: 0,
    idempotencyKey: null,
    fileSha256: null,
    failureType: null,
    failureMessage: null,
    attempts: 0,
    idleDeliveries: 0,
    seq: null,
    mode: 'merge',
    allowMassDelete: false,
    language: null,
    format: 'json',
    deletedCount: 0,
    cancelRequestedAt: null,
    createdAt: new Date(),
    startedAt: null,
    completedAt: null,
    ...row,
  } as ImportJob;
}
