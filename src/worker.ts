import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from './common/config/load-config';
import { nestLogLevels } from './common/config/log-levels';
import { ImportWorker } from './jobs/worker/import-worker.service';
import { WorkerModule } from './worker.module';

/** Import worker only (no HTTP); scale out by running more of these. */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: nestLogLevels(config.logLevel) });
  app.enableShutdownHooks();
  await app.get(ImportWorker).start();
  new Logger('Bootstrap').log(`Import worker started (concurrency ${config.worker.concurrency})`);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
