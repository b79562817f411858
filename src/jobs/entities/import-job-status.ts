export const IMPORT_JOB_STATUSES = ['pending', 'processing', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** Why a whole file could not be imported (DESIGN.md §5); `internal` after the retry budget. */
export type ImportFailureType = 'invalid_json' | 'not_an_array' | 'invalid_utf8' | 'internal';
