/** The events a finished import job emits (jobs owns them; webhooks relays them to subscribers). */
export const JOB_EVENT_TYPES = ['import.done', 'import.failed'] as const;
export type JobEventType = (typeof JOB_EVENT_TYPES)[number];

/** ISO 8601 UTC with milliseconds, truncated like the API's Date#toISOString() of the same column. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The ImportJob resource (the nine fields of ImportJobDto, in its order) built from an import_jobs
 * row in SQL, so the snapshot is taken by the very statement that ends the job. An e2e test
 * compares it with GET /v1/catalogs/imports/{id}.
 */
const importJobJson = (row: string) => `json_build_object(
  'job_id', ${row}.id, 'status', ${row}.status, 'total', ${row}.total,
  'indexed_count', ${row}.indexed_count, 'failed_count', ${row}.failed_count, 'skipped_count', ${row}.skipped_count,
  'progress', ${row}.indexed_count + ${row}.failed_count,
  'started_at', ${iso(`${row}.started_at`)}, 'completed_at', ${iso(`${row}.completed_at`)})`;

/**
 * Wraps an `UPDATE import_jobs … RETURNING *` that moves jobs to done or failed into one statement
 * that also writes each ended job's event to the outbox: the event commits exactly when the job
 * ends, whatever transaction (or none) the caller runs it in. Returns the ended jobs' ids as `id`.
 */
export function finishWithEvent(updateReturningAll: string): string {
  return `WITH finished AS (${updateReturningAll})
    INSERT INTO outbox_events (organization_id, job_id, type, data, created_at)
    SELECT f.organization_id, f.id, 'import.' || f.status, ${importJobJson('f')}, f.completed_at FROM finished f
    RETURNING job_id AS id`;
}
