import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../common/config/app-config';
import { NotFoundError, ValidationError } from '../common/errors/api-error';
import { apiErrorOf } from '../common/errors/testing/api-error-of';
import type { CreateWebhookDto } from './dto/create-webhook.dto';
import { WebhookDeliveryRepository } from './repositories/webhook-delivery.repository';
import { WebhookSubscriptionRepository } from './repositories/webhook-subscription.repository';
import { WebhookSecretBox } from '../database/secrets/secret-box';
import { HOST_NOT_PUBLIC, TargetGuard } from './ssrf/target-guard';
import { FakeWebhookStore } from './testing/fake-webhook-store';
import { MAX_WEBHOOKS_PER_ORGANIZATION, WebhooksService } from './webhooks.service';

const ORG = randomUUID();
const OTHER_ORG = randomUUID();
const KEY = Buffer.alloc(32, 7);
const PREVIOUS_SECRET_TTL_MS = 60_000;

describe('WebhooksService', () => {
  let store: FakeWebhookStore;
  let service: WebhooksService;
  const box = new WebhookSecretBox(KEY);

  beforeEach(async () => {
    store = new FakeWebhookStore();
    store.dns.set('hooks.example.com', ['93.184.216.34']);
    store.dns.set('xn--bcher-kva.example', ['93.184.216.35']);
    store.dns.set('internal.example.com', ['10.0.0.5']);
    const moduleRef = await Test.createTestingModule({
      providers: [
        WebhooksService,
        { provide: WebhookSubscriptionRepository, useValue: store.subscriptionRepository },
        { provide: WebhookDeliveryRepository, useValue: store.deliveryRepository },
        { provide: TargetGuard, useValue: new TargetGuard(false, store.resolver) },
        { provide: WebhookSecretBox, useValue: box },
        { provide: AppConfig, useValue: { webhooks: { previousSecretTtlMs: PREVIOUS_SECRET_TTL_MS } } },
      ],
    }).compile();
    service = moduleRef.get(WebhooksService);
  });

  const create = (request: Partial<CreateWebhookDto> = {}, organizationId = ORG) =>
    service.create(organizationId, { url: 'https://hooks.example.com/catalog', events: ['import.done'], ...request } as CreateWebhookDto);

  describe('create', () => {
    it('stores the normalised URL, each event once and the secret sealed; the secret is shown only in the answer', async () => {
      const created = await create({ url: 'https://BÜCHER.example/in', events: ['import.done', 'import.failed', 'import.done'] });
      expect(created).toMatchObject({
        url: 'https://xn--bcher-kva.example/in',
        events: ['import.done', 'import.failed'],
        description: null,
      });
      expect(created.secret).toMatch(/^whsec_/);
      const [stored] = store.subscriptions;
      expect(stored.secret).not.toContain(created.secret);
      expect(box.open(stored.secret, created.id)).toBe(created.secret);
      expect(stored).toMatchObject({ id: created.id, organizationId: ORG, url: created.url });
    });

    it('refuses a host that resolves to a private address with the generic message, storing nothing', async () => {
      const refusal = { status: 422, type: 'validation', message: HOST_NOT_PUBLIC };
      await expect(apiErrorOf(create({ url: 'https://internal.example.com/hook' }))).resolves.toEqual(refusal);
      await expect(apiErrorOf(create({ url: 'https://nowhere.example.com/hook' }))).resolves.toEqual(refusal);
      expect(store.subscriptions).toEqual([]);
    });

    it('refuses a description that PostgreSQL could not store', async () => {
      await expect(create({ description: 'nul \u0000 inside' })).rejects.toBeInstanceOf(ValidationError);
      expect(store.subscriptions).toEqual([]);
    });

    it(`refuses the webhook beyond ${MAX_WEBHOOKS_PER_ORGANIZATION} per organization; other organizations are not counted`, async () => {
      for (let i = 0; i < MAX_WEBHOOKS_PER_ORGANIZATION; i++) await create();
      await expect(apiErrorOf(create())).resolves.toMatchObject({
        status: 422,
        message: expect.stringContaining(`at most ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks`),
      });
      await expect(create({}, OTHER_ORG)).resolves.toMatchObject({ url: 'https://hooks.example.com/catalog' });
      expect(store.subscriptions.filter((s) => s.organizationId === ORG)).toHaveLength(MAX_WEBHOOKS_PER_ORGANIZATION);
    });
  });

  describe('list', () => {
    it('pages newest first with a cursor that continues where the page ended', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push((await create()).id);
      await create({}, OTHER_ORG);
      const first = await service.list(ORG, 2);
      expect(first.data.map((w) => w.id)).toEqual([ids[4], ids[3]]);
      const second = await service.list(ORG, 2, first.next_cursor!);
      expect(second.data.map((w) => w.id)).toEqual([ids[2], ids[1]]);
      const last = await service.list(ORG, 2, second.next_cursor!);
      expect(last).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
    });

    it('answers a cursor it did not issue with 422', async () => {
      await expect(service.list(ORG, 2, 'not-a-cursor')).rejects.toBeInstanceOf(ValidationError);
    });
  });

  describe("another organization's webhook is answered as a missing one", () => {
    it('on delete, rotate-secret and deliveries (404), and is left as it was', async () => {
      const theirs = await create({}, OTHER_ORG);
      const sealed = store.subscriptions[0].secret;
      await expect(service.delete(ORG, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
      await expect(service.rotateSecret(ORG, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
      await expect(apiErrorOf(service.listDeliveries(ORG, theirs.id, 10))).resolves.toEqual({
        status: 404,
        type: 'not_found',
        message: `Webhook ${theirs.id} not found`,
      });
      expect(store.subscriptions).toEqual([expect.objectContaining({ id: theirs.id, secret: sealed })]);
    });

    it('checks the cursor before the webhook (422 before 404)', async () => {
      await expect(service.listDeliveries(ORG, randomUUID(), 10, 'bogus')).rejects.toBeInstanceOf(ValidationError);
    });
  });

  it('rotates the secret: the new one is sealed and returned, the old one kept for WEBHOOK_PREVIOUS_SECRET_TTL_MS', async () => {
    const created = await create();
    const rotated = await service.rotateSecret(ORG, created.id);
    const [stored] = store.subscriptions;
    expect(rotated.secret).not.toBe(created.secret);
    expect(box.open(stored.secret, created.id)).toBe(rotated.secret);
    expect(box.open(stored.previousSecret!, created.id)).toBe(created.secret);
    expect(rotated.previous_secret_expires_at).toBe(stored.previousSecretExpiresAt!.toISOString());
    expect(stored.previousSecretExpiresAt!.getTime() - stored.createdAt.getTime()).toBe(PREVIOUS_SECRET_TTL_MS);
  });

  it('deletes its own webhook', async () => {
    const created = await create();
    await service.delete(ORG, created.id);
    expect(store.subscriptions).toEqual([]);
    await expect(service.delete(ORG, created.id)).rejects.toBeInstanceOf(NotFoundError);
  });
});
