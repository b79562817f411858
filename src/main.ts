import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadConfig } from './common/config/load-config';
import { nestLogLevels } from './common/config/log-levels';
import { configureApp } from './configure-app';
import { ImportWorker } from './jobs/worker/import-worker.service';

/** HTTP API; also runs the import worker in-process unless WORKER_ENABLED=false. */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.create(AppModule.forRoot(config), {
    logger: nestLogLevels(config.logLevel),
    bodyParser: false, // no endpoint takes a JSON body; parsing one before auth would break the 401-first order
  });
  app.enableShutdownHooks();
  configureApp(app, config);
  await app.listen(config.port);
  if (config.worker.enabled) await app.get(ImportWorker).start();
  new Logger('Bootstrap').log(`Listening on :${config.port}${config.basePath} (worker ${config.worker.enabled ? 'on' : 'off'})`);
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
