export const IMPORT_JOB_STATUSES = ['pending', 'processing', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/**
 * Why a job failed as a whole: the file could not be an import, `internal` after the
 * retry budget, `mass_delete_refused` by the replace-mode guard, `cancelled` on request.
 */
export const IMPORT_FAILURE_TYPES = [
  'invalid_json',
  'not_an_array',
  'invalid_utf8',
  'invalid_feed',
  'internal',
  'mass_delete_refused',
  'cancelled',
] as const;
export type ImportFailureType = (typeof IMPORT_FAILURE_TYPES)[number];

export const IMPORT_MODES = ['merge', 'replace'] as const;
/** merge: products absent from the file stay; replace: they are deleted when the job ends done. */
export type ImportMode = (typeof IMPORT_MODES)[number];
