import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import type { AppConfig } from './common/config/app-config';
import { HttpExceptionFilter } from './common/errors/http-exception.filter';
import { HttpMetricsService } from './common/metrics/http-metrics.service';
import { countHttpRequests } from './common/metrics/http-metrics.middleware';
import { securityHeaders } from './common/security/helmet.middleware';
import { parseQueryString } from './common/http/query-parser';
import { createValidationPipe } from './common/pipes/validation.pipe';
import { ProductDto } from './catalog/product/product.dto';
import { buildOpenApiDocument, setupSwagger } from './openapi/openapi';
import { WebhookEventDto } from './webhooks/dto/webhook-event.dto';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Everything main.ts and the e2e tests must set up identically on the HTTP app. */
export function configureApp(app: INestApplication, config: AppConfig): void {
  const express = app as NestExpressApplication;
  express.disable('x-powered-by');
  express.set('query parser', parseQueryString);
  // request.ip (and protocol, host) from X-Forwarded-* only when the peer is one of these proxies.
  if (config.trustedProxies.length > 0) express.set('trust proxy', config.trustedProxies);
  express.use(countHttpRequests(app.get(HttpMetricsService).requests));
  express.use(securityHeaders(`${config.basePath}/docs`));
  // Operational probes stay at the root so load balancers find them whatever BASE_PATH is.
  if (config.basePath) app.setGlobalPrefix(config.basePath, { exclude: ['health/live', 'health/ready'] });
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useGlobalPipes(createValidationPipe());
  if (config.swaggerEnabled) setupSwagger(app, documentApp(app, config.basePath), config.basePath, config.swaggerPersistAuthorization);
  applyTimeouts(app.getHttpServer() as Server, config.httpRequestTimeoutMs);
}

/** The OpenAPI document of the app, served at /docs-json and committed as openapi.json. */
export function documentApp(app: INestApplication, basePath: string): OpenAPIObject {
  return buildOpenApiDocument(app, basePath, [ProductDto, WebhookEventDto]);
}

/**
 * A slow or stalled client cannot hold an upload (and its database transaction) open for long:
 * the whole request must finish within the timeout, and a connection idle that long is closed
 * (Node enforces requestTimeout only on a 30 s sweep; the idle timeout acts at once).
 */
function applyTimeouts(server: Server, timeoutMs: number): void {
  server.requestTimeout = timeoutMs;
  server.headersTimeout = Math.min(60_000, timeoutMs);
  server.setTimeout(Math.min(60_000, timeoutMs));
}
