import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../auth/decorators/require-scopes.decorator';
import type { Principal } from '../auth/principal';
import { ErrorResponse } from '../common/errors/error-response.dto';
import { JsonBodyInterceptor } from '../common/http/json-body.interceptor';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidParam } from '../common/pipes/uuid-param.pipe';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { WebhookDeliveryPageDto } from './dto/webhook-delivery.dto';
import { WebhookCreatedDto, WebhookPageDto } from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';

@ApiTags('webhooks')
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @RequireScopes('accounts--my:rw')
  @UseInterceptors(JsonBodyInterceptor)
  @ApiOperation({
    operationId: 'create-webhook',
    summary: 'Subscribe to import events',
    description:
      'Each time an import job of your organization ends, {id, type, created_at, data: ImportJob} is POSTed to the URL as JSON, ' +
      'signed with the secret returned here (shown once) in Product-Directory-Signature. Delivered at least once: dedupe on id. ' +
      'Non-2xx answers and timeouts (10 s) are retried with exponential backoff for up to 24 h.',
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
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'The body is not valid JSON' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponse, description: 'The body is larger than 16,384 bytes' })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponse, description: 'The body is not application/json' })
  @ApiUnprocessableEntityResponse({
    type: ErrorResponse,
    description:
      'Invalid fields; a URL that is not http(s), holds credentials, or resolves to a loopback, private, link-local, CGNAT, ' +
      'metadata, multicast or other non-public address; or the organization already has 20 webhooks',
  })
  create(@CurrentPrincipal() principal: Principal, @Body() body: CreateWebhookDto): Promise<WebhookCreatedDto> {
    return this.webhooks.create(principal.organizationId, body);
  }

  @Get()
  @RequireScopes('accounts--my:ro')
  @ApiOperation({
    operationId: 'list-webhooks',
    summary: 'List webhooks',
    description: "Your organization's webhooks, newest first (no secrets).",
  })
  @ApiOkResponse({ type: WebhookPageDto })
  @ApiUnprocessableEntityResponse({ type: ErrorResponse, description: 'Invalid limit or cursor' })
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQueryDto): Promise<WebhookPageDto> {
    return this.webhooks.list(principal.organizationId, query.limit, query.cursor);
  }

  @Delete(':webhook_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireScopes('accounts--my:rw')
  @ApiOperation({
    operationId: 'delete-webhook',
    summary: 'Delete a webhook',
    description: 'Stops its deliveries, pending retries included.',
  })
  @ApiParam({ name: 'webhook_id', format: 'uuid' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiUnprocessableEntityResponse({ type: ErrorResponse, description: 'webhook_id is not a UUID' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: "No webhook with that id in the caller's organization" })
  async delete(@Param('webhook_id', UuidParam('webhook_id')) id: string, @CurrentPrincipal() principal: Principal): Promise<void> {
    await this.webhooks.delete(principal.organizationId, id);
  }

  @Get(':webhook_id/deliveries')
  @RequireScopes('accounts--my:ro')
  @ApiOperation({
    operationId: 'list-webhook-deliveries',
    summary: 'List deliveries of a webhook',
    description: 'One delivery per event, newest first, with its status, attempts (status codes, errors) and next retry.',
  })
  @ApiParam({ name: 'webhook_id', format: 'uuid' })
  @ApiOkResponse({ type: WebhookDeliveryPageDto })
  @ApiUnprocessableEntityResponse({ type: ErrorResponse, description: 'webhook_id is not a UUID, or invalid limit or cursor' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: "No webhook with that id in the caller's organization" })
  deliveries(
    @Param('webhook_id', UuidParam('webhook_id')) id: string,
    @CurrentPrincipal() principal: Principal,
    @Query() query: PageQueryDto,
  ): Promise<WebhookDeliveryPageDto> {
    return this.webhooks.listDeliveries(principal.organizationId, id, query.limit, query.cursor);
  }
}
