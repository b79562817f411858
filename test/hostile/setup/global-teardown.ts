import { withClient } from '../../../tools/harness/bench-db';
import { HOSTILE_DATABASE, PG_HOST_URL } from '../support/env';

/** Drops the suite's database (≈2 million products by the end) unless HOSTILE_KEEP_DB=1 asks to keep it for a look. */
export default async function globalTeardown(): Promise<void> {
  if (process.env.HOSTILE_KEEP_DB === '1') return;
  await withClient(`${PG_HOST_URL}/postgres`, (admin) => admin.query(`DROP DATABASE IF EXISTS "${HOSTILE_DATABASE}" WITH (FORCE)`));
}
