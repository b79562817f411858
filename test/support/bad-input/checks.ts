import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { App } from 'supertest/types';
import { query } from '../database';
export { expectErrorShape } from '../assertions';
import type { TestCaller } from '../factories';
import { authed } from '../authed';

/** Rows of the upload pipeline that belong to one organization. */
export async function importRowsOf(
  app: INestApplication,
  organizationId: string,
): Promise<{ jobs: number; chunks: number; errors: number }> {
  const [row] = await query<{ jobs: string; chunks: string; errors: string }>(
    app,
    `SELECT (SELECT count(*) FROM import_jobs WHERE organization_id = $1) AS jobs,
            (SELECT count(*) FROM import_file_chunks c JOIN import_jobs j ON j.id = c.job_id WHERE j.organization_id = $1) AS chunks,
            (SELECT count(*) FROM import_errors e JOIN import_jobs j ON j.id = e.job_id WHERE j.organization_id = $1) AS errors`,
    [organizationId],
  );
  return { jobs: Number(row.jobs), chunks: Number(row.chunks), errors: Number(row.errors) };
}

/** PostgreSQL's clock, to find rows created after a point in time whatever organization they name. */
export async function databaseNow(app: INestApplication): Promise<Date> {
  const [row] = await query<{ now: Date }>(app, 'SELECT clock_timestamp() AS now');
  return row.now;
}

export async function jobsCreatedSince(app: INestApplication, since: Date): Promise<number> {
  const [row] = await query<{ n: string }>(app, 'SELECT count(*) AS n FROM import_jobs WHERE created_at >= $1', [since]);
  return Number(row.n);
}

/** Sessions of this test database holding a transaction open (an upload that was never finished or rolled back). */
export async function openTransactions(app: INestApplication): Promise<number> {
  const [row] = await query<{ n: string }>(
    app,
    `SELECT count(*) AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`,
  );
  return Number(row.n);
}

/** The process still serves: liveness, readiness, and an authenticated read through the database. */
export async function expectHealthy(http: App, sentinel: TestCaller): Promise<void> {
  const live = await request(http).get('/health/live');
  expect({ live: live.status }).toEqual({ live: 200 });
  const ready = await request(http).get('/health/ready');
  expect({ ready: ready.status }).toEqual({ ready: 200 });
  const read = await authed(http, sentinel).get('/v1/catalogs');
  expect({ authenticatedRead: read.status }).toEqual({ authenticatedRead: 200 });
  expect((read.body as { organization_id?: string }).organization_id).toBe(sentinel.organizationId);
}
