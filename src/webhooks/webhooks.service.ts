import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NotFoundError, ValidationError } from '../common/errors/api-error';
import { CursorCodec } from '../common/pagination/cursor';
import { cursorField } from '../common/pagination/cursor-fields';
import { splitPage } from '../common/pagination/page';
import { isStorableString } from '../common/text/storable-string';
import type { CreateWebhookDto } from './dto/create-webhook.dto';
import { WebhookDeliveryDto, type WebhookDeliveryPageDto } from './dto/webhook-delivery.dto';
import { WebhookDto, type WebhookCreatedDto, type WebhookPageDto, type WebhookSecretRotatedDto } from './dto/webhook.dto';
import type { WebhookSubscription } from './entities/webhook-subscription.entity';
import { WebhookDeliveryRepository } from './repositories/webhook-delivery.repository';
import { WebhookSubscriptionRepository } from './repositories/webhook-subscription.repository';
import { AppConfig } from '../common/config/app-config';
import { WebhookSecretBox } from '../database/secrets/secret-box';
import { newWebhookSecret } from './signing/webhook-signature';
import { BlockedTargetError, TargetGuard } from './ssrf/target-guard';

/** Subscriptions per organization: deliveries multiply by it. */
export const MAX_WEBHOOKS_PER_ORGANIZATION = 20;
/** Lists page after a row id (its position is read from the row). */
const ID_CURSOR = new CursorCodec<{ id: string }>({ id: cursorField.uuid });

/** Organization-scoped webhook subscriptions and their deliveries, for the HTTP layer. */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly guard: TargetGuard,
    private readonly box: WebhookSecretBox,
    private readonly config: AppConfig,
  ) {}

  async create(organizationId: string, request: CreateWebhookDto): Promise<WebhookCreatedDto> {
    if (request.description !== undefined && !isStorableString(request.description)) {
      throw new ValidationError('description must not contain NUL characters or unpaired surrogates');
    }
    let url: URL;
    try {
      url = await this.guard.check(request.url);
    } catch (error) {
      if (error instanceof BlockedTargetError) {
        // What the name resolved to stays here: the client gets the generic message only.
        this.logger.warn(`Webhook target refused for organization ${organizationId}: ${error.detail}`);
        throw new ValidationError(error.message);
      }
      throw error;
    }
    const secret = newWebhookSecret();
    const id = randomUUID();
    const subscription = await this.subscriptions.insertWithinLimit(
      {
        id,
        organizationId,
        url: url.href, // normalised: ASCII (punycode, percent-encoding), so always storable
        events: [...new Set(request.events)],
        description: request.description ?? null,
        secret: this.box.seal(secret, id),
      },
      MAX_WEBHOOKS_PER_ORGANIZATION,
    );
    if (!subscription) {
      throw new ValidationError(`An organization can have at most ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks; delete one first`);
    }
    return { ...WebhookDto.from(subscription), secret };
  }

  /** A new secret, shown once; the previous one keeps signing for WEBHOOK_PREVIOUS_SECRET_TTL_MS. */
  async rotateSecret(organizationId: string, id: string): Promise<WebhookSecretRotatedDto> {
    const secret = newWebhookSecret();
    const rotated = await this.subscriptions.rotateSecret(
      id,
      organizationId,
      this.box.seal(secret, id),
      this.config.webhooks.previousSecretTtlMs,
    );
    if (!rotated) throw notFound(id);
    return { id, secret, previous_secret_expires_at: rotated.previousExpiresAt?.toISOString() ?? null };
  }

  /** `maskUrls` for callers who cannot manage webhooks: URLs without their credentials (WebhookDto.from). */
  async list(organizationId: string, limit: number, cursor?: string, maskUrls = false): Promise<WebhookPageDto> {
    const after = cursor ? ID_CURSOR.decode(cursor).id : undefined;
    const rows = await this.subscriptions.listForOrganization(organizationId, limit + 1, after);
    const page = splitPage(rows, limit, (last) => ID_CURSOR.encode({ id: last.id }));
    return { data: page.items.map((row) => WebhookDto.from(row, maskUrls)), next_cursor: page.nextCursor };
  }

  async delete(organizationId: string, id: string): Promise<void> {
    if (!(await this.subscriptions.delete(id, organizationId))) throw notFound(id);
  }

  async listDeliveries(organizationId: string, id: string, limit: number, cursor?: string): Promise<WebhookDeliveryPageDto> {
    const after = cursor ? ID_CURSOR.decode(cursor).id : undefined; // 422 before 404
    const subscription = await this.get(organizationId, id);
    const rows = await this.deliveries.listForSubscription(subscription.id, limit + 1, after);
    const page = splitPage(rows, limit, (last) => ID_CURSOR.encode({ id: last.id }));
    return { data: page.items.map((row) => WebhookDeliveryDto.from(row)), next_cursor: page.nextCursor };
  }

  /** Another organization's webhook is answered exactly like a missing one. */
  private async get(organizationId: string, id: string): Promise<WebhookSubscription> {
    const subscription = await this.subscriptions.findForOrganization(id, organizationId);
    if (!subscription) throw notFound(id);
    return subscription;
  }
}

const notFound = (id: string) => new NotFoundError(`Webhook ${id} not found`);
