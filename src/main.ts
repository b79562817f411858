import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { loadConfig } from './common/config/load-config';
import { startMetricsServer } from './common/metrics/metrics-server';
import { exitCleanlyOnSignals } from './common/shutdown';
import { configureApp } from './configure-app';
import { apiOperationsListener } from './health/operations-endpoint';
import { startImportWorker } from './imports/import-worker';
import { WebhookWorkerService } from './webhooks/delivery/webhook-worker.service';

/** HTTP API; also runs the import and webhook workers in-process unless WORKER_ENABLED=false. */
async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.create(AppModule.forRoot(config), {
    bufferLogs: true,
    bodyParser: false, // the JSON routes (UCP REST, MCP) read their bodies after auth: parsing first would break the 401-first order
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  exitCleanlyOnSignals(app, logger);
  configureApp(app, config);
  await app.listen(config.port);
  if (config.metricsPort > 0) {
    // Metrics and the full readiness report stay off the public port.
    const server = startMetricsServer(apiOperationsListener(app), config.metricsPort);
    server.on('error', (error) => logger.warn(`Metrics endpoint not started: ${error.message}`, 'Bootstrap'));
    server.unref();
  }
  if (config.worker.enabled) {
    await startImportWorker(app);
    await app.get(WebhookWorkerService).start();
  }
  logger.log(
    `Listening on :${config.port}${config.basePath} (worker ${config.worker.enabled ? 'on' : 'off'}, metrics ${config.metricsPort > 0 ? `on :${config.metricsPort}` : 'off'})`,
    'Bootstrap',
  );
}

bootstrap().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
