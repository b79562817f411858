import type { INestApplication } from '@nestjs/common';
import { createServer } from 'node:http';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import type { DestinationStream } from 'pino';
import type { App } from 'supertest/types';
import { AppModule } from '../../src/app.module';
import type { AppConfig } from '../../src/common/config/app-config';
import { loadConfig } from '../../src/common/config/load-config';
import { configureApp } from '../../src/configure-app';
import { apiOperationsListener } from '../../src/health/operations-endpoint';
import { ImportQueueConsumer } from '../../src/imports/worker/import-queue.consumer';
import { WebhookWorkerService } from '../../src/webhooks/delivery/webhook-worker.service';

export interface TestApp {
  app: INestApplication;
  http: App;
  /** The METRICS_PORT endpoint of this app (GET /metrics, the full GET /health/ready), as main.ts serves it. */
  metrics: App;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  worker?: boolean;
  config?: (config: AppConfig) => AppConfig;
  /** Where the JSON request logs go (to inspect them); stdout by default. */
  logDestination?: DestinationStream;
  /** Test-only provider overrides (e.g. a runner that fails on purpose). */
  override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
}

/** Boots the real AppModule (real PostgreSQL and Redis) the way main.ts does, without listening. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const base = loadConfig();
  const config = options.config ? options.config(base) : base;
  const builder = Test.createTestingModule({
    imports: [AppModule.forRoot(config, { logDestination: options.logDestination })],
  });
  const moduleRef = await (options.override ? options.override(builder) : builder).compile();
  const app = moduleRef.createNestApplication({ logger: ['error'], bodyParser: false });
  configureApp(app, config);
  await app.init();
  if (options.worker ?? true) {
    await app.get(ImportQueueConsumer).start();
    await app.get(WebhookWorkerService).start();
  }
  const metrics = createServer(apiOperationsListener(app));
  return { app, http: app.getHttpServer() as App, metrics, config, close: () => app.close() };
}
