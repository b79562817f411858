import Redis from 'ioredis';
import { Client } from 'pg';
import { TEST_DATABASE_URL, TEST_QUEUE_PREFIX, TEST_REDIS_URL } from './test-database';

/**
 * Runs after each e2e spec file (setupFilesAfterEnv; after the spec's own afterAll hooks, which
 * close its apps): cancels every job the spec left unfinished and empties this worker's queue, so
 * the next spec on this Jest worker never processes, or waits on, another spec's work. Cancelling
 * is a plain UPDATE: the cancelled rows stay visible to anyone inspecting the database.
 */
afterAll(async () => {
  const db = new Client({ connectionString: TEST_DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `UPDATE import_jobs
          SET status = 'failed', failure_type = 'internal', failure_message = 'cancelled by the e2e drain after its spec', completed_at = now()
        WHERE status IN ('pending', 'processing')`,
    );
  } finally {
    await db.end();
  }
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${TEST_QUEUE_PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});
