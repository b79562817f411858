import type { INestApplicationContext } from '@nestjs/common';
import { ImportQueueConsumer } from './worker/import-queue.consumer';

/** Starts taking import jobs from the queue (main.ts with WORKER_ENABLED, worker.ts always). */
export async function startImportWorker(app: INestApplicationContext): Promise<void> {
  await app.get(ImportQueueConsumer).start();
}
