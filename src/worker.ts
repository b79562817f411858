import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { loadConfig } from './common/config/load-config';
import { exitCleanlyOnSignals } from './common/shutdown';
import { operationsListener, startMetricsServer } from './common/metrics/metrics-server';
import { MetricsService } from './common/metrics/metrics.service';
import { startImportWorker } from './imports/import-worker';
import { WebhookWorkerService } from './webhooks/delivery/webhook-worker.service';
import { WorkerModule } from './worker.module';

/** Import and webhook workers only (no API); scale out by running more of these. */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  exitCleanlyOnSignals(app, logger);
  await startImportWorker(app);
  await app.get(WebhookWorkerService).start();
  if (config.metricsPort > 0) {
    const server = startMetricsServer(operationsListener(app.get(MetricsService).registry), config.metricsPort);
    server.on('error', (error) => logger.warn(`Metrics endpoint not started: ${error.message}`, 'Bootstrap'));
    server.unref();
  }
  logger.log(`Import worker started (concurrency ${config.worker.concurrency}, metrics on :${config.metricsPort})`, 'Bootstrap');
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
