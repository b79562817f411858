/**
 * Test-only worker of the fault suite (webhook-delivery spec): the built worker module from the
 * dist snapshot (imports and webhooks), SIGKILLing itself at one point of a job's webhook path,
 * chosen by WEBHOOK_KILL_POINT:
 *   - `job-committed`: right after the transaction that ends a job named webhook-kill.json commits
 *     (its outbox event is written, not yet relayed);
 *   - `before-enqueue`: right after the relay committed a delivery, before its first attempt is queued.
 *
 *   node -r ts-node/register/transpile-only test/faults/workers/webhook-kill-worker.ts <dist snapshot>
 */
import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import { join } from 'node:path';
import type * as LoadConfigModule from '../../../src/common/config/load-config';
import type { ImportJob } from '../../../src/imports/jobs/entities/import-job.entity';
import type * as RunnerModule from '../../../src/imports/worker/import-job-runner.service';
import type * as WorkerServiceModule from '../../../src/imports/worker/import-queue.consumer';
import type * as ProducerModule from '../../../src/webhooks/delivery/webhook-queue.producer';
import type { WebhookQueuePayload } from '../../../src/webhooks/delivery/webhook-queue.constants';
import type * as WebhookWorkerModule from '../../../src/webhooks/delivery/webhook-worker.service';
import type * as WorkerModuleModule from '../../../src/worker.module';

/** The same name as in webhook-delivery.fault-spec.ts. */
const KILL_FILE_NAME = 'webhook-kill.json';

async function main(): Promise<void> {
  const dist = process.argv[2];
  const point = process.env.WEBHOOK_KILL_POINT;
  if (point !== 'job-committed' && point !== 'before-enqueue') throw new Error(`WEBHOOK_KILL_POINT=${point}`);
  const { loadConfig } = (await import(join(dist, 'common/config/load-config.js'))) as typeof LoadConfigModule;
  const { WorkerModule } = (await import(join(dist, 'worker.module.js'))) as typeof WorkerModuleModule;
  const { ImportJobRunnerService } = (await import(join(dist, 'imports/worker/import-job-runner.service.js'))) as typeof RunnerModule;
  const { ImportQueueConsumer } = (await import(join(dist, 'imports/worker/import-queue.consumer.js'))) as typeof WorkerServiceModule;
  const { WebhookQueueProducer } = (await import(join(dist, 'webhooks/delivery/webhook-queue.producer.js'))) as typeof ProducerModule;
  const { WebhookWorkerService } = (await import(join(dist, 'webhooks/delivery/webhook-worker.service.js'))) as typeof WebhookWorkerModule;

  class KillingRunner extends ImportJobRunnerService {
    override async run(job: ImportJob, shouldStop: () => boolean): ReturnType<RunnerModule.ImportJobRunnerService['run']> {
      const outcome = await super.run(job, shouldStop);
      // Synchronously after the commit resolved: no timer (the relay) can run in between.
      if (point === 'job-committed' && job.fileName === KILL_FILE_NAME) process.kill(process.pid, 'SIGKILL');
      return outcome;
    }
  }

  class KillingProducer extends WebhookQueueProducer {
    override enqueue(payload: WebhookQueuePayload, delayMs?: number): Promise<boolean> {
      if (point === 'before-enqueue' && payload.attemptsMade === 0) process.kill(process.pid, 'SIGKILL');
      return super.enqueue(payload, delayMs);
    }
  }

  const config = loadConfig();
  const app = await Test.createTestingModule({ imports: [WorkerModule.forRoot(config)] })
    .overrideProvider(ImportJobRunnerService)
    .useClass(KillingRunner)
    .overrideProvider(WebhookQueueProducer)
    .useClass(KillingProducer)
    .compile();
  await app.init();
  await app.get(ImportQueueConsumer).start();
  await app.get(WebhookWorkerService).start();
  process.stdout.write(`Import worker started (test worker: dies at ${point})\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
