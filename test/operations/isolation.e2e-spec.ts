import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { IMPORT_QUEUE } from '../../src/imports/queue/import-queue.constants';
import { query } from '../support/database';
import { TEST_DATABASE_NAME, TEST_QUEUE_PREFIX } from '../setup/test-database';
import { createTestApp } from '../support/test-app';

describe('e2e isolation', () => {
  it("runs every app against this Jest worker's own database and queue prefix", async () => {
    const worker = process.env.JEST_WORKER_ID;
    expect(worker).toMatch(/^\d+$/);
    expect(TEST_DATABASE_NAME.endsWith(`_w${worker}`)).toBe(true);
    expect(TEST_QUEUE_PREFIX.endsWith(`-w${worker}`)).toBe(true);
    const t = await createTestApp({ worker: false });
    try {
      const [{ name }] = await query<{ name: string }>(t.app, 'SELECT current_database() AS name');
      expect(name).toBe(TEST_DATABASE_NAME);
      expect(t.app.get<Queue>(getQueueToken(IMPORT_QUEUE)).toKey('wait')).toBe(`${TEST_QUEUE_PREFIX}:${IMPORT_QUEUE}:wait`);
    } finally {
      await t.close();
    }
  });
});
