/**
 * The events a finished import job emits. Jobs owns them and knows nothing of their consumers:
 * a trigger on import_jobs (migration CreateOutboxEvents1764300400000) writes one row to
 * `outbox_events` in the very statement, hence the transaction, that moves a job to done or
 * failed — whatever code path ends it (runner, poison-job ending, a cancel) — with `data` = the
 * ImportJob resource as GET /v1/catalogs/imports/{id} shows it. Webhooks relays the rows.
 */
export const JOB_EVENT_TYPES = ['import.done', 'import.failed'] as const;
export type JobEventType = (typeof JOB_EVENT_TYPES)[number];
