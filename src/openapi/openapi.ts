import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { SECURITY_SCHEME } from '../auth/decorators/require-scopes.decorator';
import { ProductDto } from '../catalog/dto/product.dto';
import { ErrorResponse } from '../common/errors/error-response.dto';
import { WebhookEventDto } from '../webhooks/dto/webhook-event.dto';

/** The OpenAPI document, generated from the controllers' and DTOs' decorators (DESIGN.md §4.6). */
export function buildOpenApiDocument(app: INestApplication, basePath: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Product Directory Service')
    .setDescription(
      'Multi-tenant product catalog for AI agents. Upload a JSON array of products, poll the import job, read the catalog back. ' +
        'Authenticate with HTTP Basic: username = account id, password = personal access token.',
    )
    .setVersion('1.0.0')
    .addServer(basePath || '/', 'This server ({base_url})')
    .addSecurity(SECURITY_SCHEME, {
      type: 'http',
      scheme: 'basic',
      description: 'Username: your account id. Password: a personal access token (issued with the admin CLI).',
    })
    .build();
  return SwaggerModule.createDocument(app, config, {
    ignoreGlobalPrefix: true,
    extraModels: [ErrorResponse, ProductDto, WebhookEventDto],
    operationIdFactory: (_controller, method) => method,
  });
}

/** Swagger UI at {base_url}/docs and the JSON at {base_url}/docs-json. */
export function setupSwagger(app: INestApplication, basePath: string): void {
  SwaggerModule.setup(`${basePath}/docs`, app, buildOpenApiDocument(app, basePath), {
    jsonDocumentUrl: `${basePath}/docs-json`,
    swaggerOptions: { persistAuthorization: true },
  });
}
