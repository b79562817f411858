import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from './common/config/app-config';
import { HttpExceptionFilter } from './common/errors/http-exception.filter';
import { securityHeaders } from './common/security/helmet.middleware';
import { createValidationPipe } from './common/pipes/validation.pipe';
import { setupSwagger } from './openapi/openapi';

/** Everything main.ts and the e2e tests must set up identically on the HTTP app. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const express = app as NestExpressApplication;
  express.disable('x-powered-by');
  express.use(securityHeaders(`${config.basePath}/docs`));
  // Operational probes stay at the root so load balancers find them whatever BASE_PATH is.
  if (config.basePath) app.setGlobalPrefix(config.basePath, { exclude: ['health/live', 'health/ready', 'metrics'] });
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  setupSwagger(app, config.basePath);
}
