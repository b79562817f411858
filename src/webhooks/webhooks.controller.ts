import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  type CallbacksObject,
  getSchemaPath,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../auth/decorators/require-scopes.decorator';
import { hasScopes } from '../auth/scopes';
import type { Principal } from '../auth/principal';
import { MAX_JSON_BODY_BYTES } from '../common/http/json-body';
import { JsonBodyInterceptor } from '../common/http/json-body.interceptor';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidParam } from '../common/pipes/uuid-param.pipe';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { API_TAGS } from '../openapi/api-tags';
import { ERROR_EXAMPLES } from '../openapi/error-examples';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { WebhookDeliveryPageDto } from './dto/webhook-delivery.dto';
import { WebhookEventDto } from './dto/webhook-event.dto';
import { WebhookCreatedDto, WebhookPageDto, WebhookSecretRotatedDto } from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';
import { WEBHOOK_ERRORS } from './webhooks-error-examples';

const { bad_request, payload_too_large, unsupported_media_type } = ERROR_EXAMPLES;
const { not_found } = WEBHOOK_ERRORS;
const validation = { ...ERROR_EXAMPLES.validation, ...WEBHOOK_ERRORS.validation };
const WEBHOOK_ID_PARAM = { name: 'webhook_id', format: 'uuid', description: 'The id create-webhook returned' } as const;

/** The delivery POSTed to a subscribed URL, as an OpenAPI callback of create-webhook. */
const IMPORT_EVENT_CALLBACK: CallbacksObject = {
  importEvent: {
    '{$request.body#/url}': {
      post: {
        operationId: 'receive-import-event',
        summary: 'An import job ended (sent to your URL)',
        description:
          'POSTed once per subscribed event, signed in Product-Directory-Signature; retried with backoff for up to 24 h ' +
          'until your server answers 2xx within 10 s.',
        // No credentials are sent: the receiver verifies the signature with the secret instead.
        security: [],
        parameters: [
          {
            name: 'Product-Directory-Signature',
            in: 'header',
            required: true,
            description: 't=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>',
            schema: { type: 'string', example: `t=1764141123,v1=${'5f2b9c0e'.repeat(8)}` },
          },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: getSchemaPath(WebhookEventDto) } } } },
        responses: {
          '2XX': { description: 'Received; any 2xx status ends the retries' },
          '4XX': { description: 'Not accepted; retried like any non-2xx answer or timeout' },
          '5XX': { description: 'Not accepted; retried like any non-2xx answer or timeout' },
        },
      },
    },
  },
};

@ApiTags(API_TAGS.webhooks.name)
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @RequireScopes('webhooks:manage')
  @UseInterceptors(new JsonBodyInterceptor(MAX_JSON_BODY_BYTES))
  @ApiOperation({
    operationId: 'create-webhook',
    summary: 'Subscribe to import events',
    description:
      'Each time an import job of your organization ends, {id, type, created_at, data: ImportJob} is POSTed to the URL as JSON, ' +
      'signed with the secret returned here (shown once) in Product-Directory-Signature. Delivered at least once: dedupe on id. ' +
      'Non-2xx answers and timeouts (10 s) are retried with exponential backoff for up to 24 h. ' +
      'The body is the WebhookEvent schema (see the callback importEvent).',
    callbacks: IMPORT_EVENT_CALLBACK,
  })
  @ApiBody({
    type: CreateWebhookDto,
    examples: {
      both: {
        value: {
          url: 'https://example.com/hooks/product-directory',
          events: ['import.done', 'import.failed'],
          description: 'Reindex the storefront',
        },
      },
    },
  })
  @ApiCreatedResponse({ type: WebhookCreatedDto, description: 'Created; the secret is never shown again' })
  @ApiErrors(
    bad_request.invalidJson,
    payload_too_large.jsonBody,
    unsupported_media_type.notJson,
    validation.jsonObject,
    validation.webhookEvents,
    validation.webhookScheme,
    validation.webhookCredentials,
    validation.webhookTarget,
    validation.webhookHost,
    validation.webhookPort,
    validation.webhookLimit,
    validation.unknownParameter,
  )
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateWebhookDto): Promise<WebhookCreatedDto> {
    return this.webhooks.create(principal.organizationId, body);
  }

  @Get()
  @RequireScopes('accounts--my:ro')
  @ApiOperation({
    operationId: 'list-webhooks',
    summary: 'List webhooks',
    description:
      "Your organization's webhooks, newest first (no signing secrets). To a token without webhooks:manage, each URL's " +
      'user info, query string and fragment read `***`.',
  })
  @ApiOkResponse({ type: WebhookPageDto, description: 'One page of webhooks' })
  @ApiErrors(validation.limit, validation.cursor, validation.unknownParameter)
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQueryDto): Promise<WebhookPageDto> {
    return this.webhooks.list(principal.organizationId, query.limit, query.cursor, !hasScopes(principal.scopes, ['webhooks:manage']));
  }

  @Delete(':webhook_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    operationId: 'delete-webhook',
    summary: 'Delete a webhook',
    description: 'Stops its deliveries, pending retries included.',
  })
  @ApiParam(WEBHOOK_ID_PARAM)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors(validation.webhookId, not_found.webhook)
  async delete(@Param('webhook_id', UuidParam('webhook_id')) id: string, @CurrentPrincipal() principal: Principal): Promise<void> {
    await this.webhooks.delete(principal.organizationId, id);
  }

  @Post(':webhook_id/rotate-secret')
  @HttpCode(HttpStatus.OK)
  @RequireScopes('webhooks:manage')
  @ApiOperation({
    operationId: 'rotate-webhook-secret',
    summary: 'Rotate the signing secret of a webhook',
    description:
      'Issues a new secret (shown only in this answer). Deliveries are signed with it from now on, and for ' +
      'WEBHOOK_PREVIOUS_SECRET_TTL_MS (default 24 h) also with the previous secret: Product-Directory-Signature then holds ' +
      'two v1 entries (t=<t>,v1=<new>,v1=<previous>), and a receiver accepts the delivery when any one matches a secret it ' +
      'knows. Switch your receiver to the new secret within that window. Rotating again ends the window of the ' +
      'previous secret: only the two latest ever sign. No body.',
  })
  @ApiParam(WEBHOOK_ID_PARAM)
  @ApiOkResponse({ type: WebhookSecretRotatedDto, description: 'The new secret, never shown again' })
  @ApiErrors(validation.webhookId, not_found.webhook)
  rotateSecret(
    @Param('webhook_id', UuidParam('webhook_id')) id: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<WebhookSecretRotatedDto> {
    return this.webhooks.rotateSecret(principal.organizationId, id);
  }

  @Get(':webhook_id/deliveries')
  @RequireScopes('accounts--my:ro')
  @ApiOperation({
    operationId: 'list-webhook-deliveries',
    summary: 'List deliveries of a webhook',
    description: 'One delivery per event, newest first, with its status, attempts (status codes, errors) and next retry.',
  })
  @ApiParam(WEBHOOK_ID_PARAM)
  @ApiOkResponse({ type: WebhookDeliveryPageDto, description: 'One page of deliveries' })
  @ApiErrors(validation.webhookId, validation.limit, validation.cursor, not_found.webhook)
  deliveries(
    @Param('webhook_id', UuidParam('webhook_id')) id: string,
    @CurrentPrincipal() principal: Principal,
    @Query() query: PageQueryDto,
  ): Promise<WebhookDeliveryPageDto> {
    return this.webhooks.listDeliveries(principal.organizationId, id, query.limit, query.cursor);
  }
}
