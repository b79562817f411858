/**
 * Test-only worker of the fault suite (poison-job spec): the built worker module from the dist
 * snapshot, with its ImportJobRunnerService replaced by one that SIGKILLs the process as soon as it starts
 * importing a file named poison.json (as an out-of-memory kill would). Other files import normally.
 *
 *   node -r ts-node/register/transpile-only test/faults/workers/poison-worker.ts <dist snapshot>
 */
import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import { join } from 'node:path';
import type * as LoadConfigModule from '../../../src/common/config/load-config';
import type { ImportJob } from '../../../src/imports/jobs/entities/import-job.entity';
import type * as WorkerServiceModule from '../../../src/imports/worker/import-queue.consumer';
import type * as RunnerModule from '../../../src/imports/worker/import-job-runner.service';
import type * as WorkerModuleModule from '../../../src/worker.module';

/** The same name as in poison-job.fault-spec.ts. */
const POISON_FILE_NAME = 'poison.json';

async function main(): Promise<void> {
  const dist = process.argv[2];
  const { loadConfig } = (await import(join(dist, 'common/config/load-config.js'))) as typeof LoadConfigModule;
  const { WorkerModule } = (await import(join(dist, 'worker.module.js'))) as typeof WorkerModuleModule;
  const { ImportJobRunnerService } = (await import(join(dist, 'imports/worker/import-job-runner.service.js'))) as typeof RunnerModule;
  const { ImportQueueConsumer } = (await import(join(dist, 'imports/worker/import-queue.consumer.js'))) as typeof WorkerServiceModule;

  class KillingRunner extends ImportJobRunnerService {
    override run(job: ImportJob, shouldStop: () => boolean): ReturnType<RunnerModule.ImportJobRunnerService['run']> {
      if (job.fileName === POISON_FILE_NAME) process.kill(process.pid, 'SIGKILL');
      return super.run(job, shouldStop);
    }
  }

  const config = loadConfig();
  const app = await Test.createTestingModule({ imports: [WorkerModule.forRoot(config)] })
    .overrideProvider(ImportJobRunnerService)
    .useClass(KillingRunner)
    .compile();
  await app.init();
  await app.get(ImportQueueConsumer).start();
  process.stdout.write(`Import worker started (test worker: ${POISON_FILE_NAME} kills it)\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
