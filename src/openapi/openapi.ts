import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject, type SwaggerDocumentOptions } from '@nestjs/swagger';
import { ErrorResponse } from '../common/errors/error-response.dto';
import { API_TAGS } from './api-tags';
import { addRateLimitHeaders, allowNullReferences, composeSchema } from './document-fixes';
import { SECURITY_SCHEME } from './security-scheme';

export const DOCS_TITLE = 'Product Directory Service';

/** Schemas no route names but the document describes (the uploaded file's elements, a webhook's body). */
export type ExtraModels = NonNullable<SwaggerDocumentOptions['extraModels']>;

/** The OpenAPI document, generated from the controllers' and DTOs' decorators. */
export function buildOpenApiDocument(app: INestApplication, basePath: string, extraModels: ExtraModels): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle(DOCS_TITLE)
    .setDescription(
      'Multi-tenant product catalog for AI agents. Upload a JSON array of products, poll the import job, read the catalog back. ' +
        'Authenticate with HTTP Basic: username = account id, password = personal access token. ' +
        'Every error answers `{"error":{"type","message"}}` (the ErrorResponse schema); each operation lists its errors with real examples. ' +
        'Limits: an account may run READS_IN_FLIGHT_PER_ACCOUNT reads at once per server and an organization READS_IN_FLIGHT_PER_ORGANIZATION (shared while several organizations read), ' +
        "a server READS_IN_FLIGHT_PER_PROCESS in all; a read beyond them waits up to READ_WAIT_MS for its turn, then 429 (503 for the server's limit); a read's statements stop after " +
        'READ_STATEMENT_TIMEOUT_MS (503) and its answer may not pass READ_RESPONSE_MAX_BYTES (422: ask for fewer). Writes sent by a browser ' +
        "from another site (an Origin other than this service's or one of ALLOWED_ORIGINS, or Sec-Fetch-Site: cross-site) answer 403.",
    )
    .setVersion('1.0.0')
    .addServer(basePath || '/', 'This server')
    .addSecurity(SECURITY_SCHEME, {
      type: 'http',
      scheme: 'basic',
      description: 'Username: your account id. Password: a personal access token (issued with the admin CLI).',
    });
  for (const tag of Object.values(API_TAGS)) builder.addTag(tag.name, tag.description);
  const config = builder.build();
  // No public address or mailbox exists for the team; a name-only contact states who answers for it.
  config.info.contact = { name: 'Product Directory Service maintainers' };
  // package.json says UNLICENSED: proprietary, no rights granted to others; the link defines the term.
  config.info.license = { name: 'UNLICENSED (proprietary)', url: 'https://docs.npmjs.com/cli/v10/configuring-npm/package-json#license' };
  const document = SwaggerModule.createDocument(app, config, {
    ignoreGlobalPrefix: true,
    extraModels: [ErrorResponse, ...extraModels],
    operationIdFactory: (_controller, method) => method,
  });
  addRateLimitHeaders(document, SECURITY_SCHEME);
  composeSchema(document, 'StoredProduct', 'Product');
  allowNullReferences(document);
  return document;
}

/** Swagger UI at {base_url}/docs and the JSON at {base_url}/docs-json. */
export function setupSwagger(app: INestApplication, document: OpenAPIObject, basePath: string, persistAuthorization: boolean): void {
  SwaggerModule.setup(`${basePath}/docs`, app, document, {
    jsonDocumentUrl: `${basePath}/docs-json`,
    customSiteTitle: DOCS_TITLE,
    // Off by default: Swagger UI would keep the Basic credentials in localStorage in plain text.
    swaggerOptions: { persistAuthorization },
  });
}
