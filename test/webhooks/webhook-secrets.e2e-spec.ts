import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { WebhookSecretsAtRest1764300910000 } from '../../src/database/migrations/1764300910000-WebhookSecretsAtRest';
import type { WebhookCreatedDto, WebhookSecretRotatedDto } from '../../src/webhooks/dto/webhook.dto';
import { WebhookSecretBox } from '../../src/database/secrets/secret-box';
import { WebhookSecretSealerService } from '../../src/webhooks/signing/webhook-secret-sealer.service';
import { SIGNATURE_HEADER, verifySignature } from '../../src/webhooks/signing/webhook-signature';
import { query } from '../support/database';
import { createCaller, type TestCaller } from '../support/factories';
import { products, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { WebhookReceiver, type ReceivedRequest } from '../support/webhook-receiver';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';

const KEY = Buffer.alloc(32, 42);
const HOUR_MS = 3_600_000;
const WEBHOOKS = {
  allowPrivateTargets: true,
  retryBaseMs: 200,
  retryWindowMs: 4_000,
  timeoutMs: 1_000,
  relayIntervalMs: 100,
  secretKey: KEY,
  previousSecretTtlMs: HOUR_MS,
};

describe('Webhook secrets: encrypted at rest, rotated with an overlap', () => {
  let t: TestApp;
  const receiver = new WebhookReceiver();
  const box = new WebhookSecretBox(KEY);

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({ config: (c) => ({ ...c, webhooks: WEBHOOKS }) });
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  const subscribe = async (caller: TestCaller, path: string): Promise<WebhookCreatedDto> =>
    (
      await authed(t.http, caller)
        .post('/v1/webhooks')
        .send({ url: receiver.url(path), events: ['import.done'] })
        .expect(201)
    ).body as WebhookCreatedDto;
  const rotate = (caller: TestCaller, id: string) => authed(t.http, caller).post(`/v1/webhooks/${id}/rotate-secret`);
  const stored = async (id: string) =>
    (
      await query<{ secret: string; previous_secret: string | null; previous_secret_expires_at: Date | null }>(
        t.app,
        'SELECT secret, previous_secret, previous_secret_expires_at FROM webhook_subscriptions WHERE id = $1',
        [id],
      )
    )[0];
  /** Runs an import of the caller and returns the one delivery it causes at `path`. */
  const deliveryOfNextImport = async (caller: TestCaller, path: string): Promise<ReceivedRequest> => {
    const before = receiver.at(path).length;
    await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, products(1)));
    return eventually('a delivery', () => receiver.at(path)[before]);
  };
  const signature = (r: ReceivedRequest) => r.headers[SIGNATURE_HEADER.toLowerCase()] as string;

  it('stores the secret AES-GCM encrypted (not the secret itself), and signs deliveries with it', async () => {
    const caller = await createCaller(t.app);
    const hook = await subscribe(caller, '/sealed');
    const row = await stored(hook.id);
    expect(row.secret).toMatch(/^enc:v1:/);
    expect(row.secret).not.toContain(hook.secret.slice('whsec_'.length));
    expect(box.open(row.secret, hook.id)).toBe(hook.secret);

    const delivery = await deliveryOfNextImport(caller, '/sealed');
    expect(signature(delivery)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature(delivery), hook.secret, delivery.body)).toBe(true);
  });

  it('rotate-secret returns a new secret; deliveries carry both signatures until the window ends, then only the new one', async () => {
    const caller = await createCaller(t.app);
    const hook = await subscribe(caller, '/rotated');
    const before = Date.now();
    const response = await rotate(caller, hook.id).expect(200);
    const rotated = response.body as WebhookSecretRotatedDto;
    expect(rotated).toEqual({ id: hook.id, secret: expect.stringMatching(/^whsec_/), previous_secret_expires_at: expect.any(String) });
    expect(rotated.secret).not.toBe(hook.secret);
    const until = Date.parse(rotated.previous_secret_expires_at!);
    expect(until).toBeGreaterThanOrEqual(before + HOUR_MS - 1_000);
    expect(until).toBeLessThanOrEqual(Date.now() + HOUR_MS + 1_000);
    const row = await stored(hook.id);
    expect(row.secret).toMatch(/^enc:v1:/);
    expect(row.previous_secret).toMatch(/^enc:v1:/);
    expect(JSON.stringify(row)).not.toContain(rotated.secret.slice('whsec_'.length));

    const overlap = await deliveryOfNextImport(caller, '/rotated');
    expect(signature(overlap)).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature(overlap), rotated.secret, overlap.body)).toBe(true);
    expect(verifySignature(signature(overlap), hook.secret, overlap.body)).toBe(true);

    await query(t.app, `UPDATE webhook_subscriptions SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [
      hook.id,
    ]);
    const after = await deliveryOfNextImport(caller, '/rotated');
    expect(signature(after)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature(after), rotated.secret, after.body)).toBe(true);
    expect(verifySignature(signature(after), hook.secret, after.body)).toBe(false);

    const list = await authed(t.http, caller).get('/v1/webhooks').expect(200);
    expect(JSON.stringify(list.body)).not.toContain(rotated.secret);
  });

  it("rotate-secret needs webhooks:manage, and answers 404 for another organization's webhook and 422 for a bad id", async () => {
    const owner = await createCaller(t.app);
    const hook = await subscribe(owner, '/guarded');
    const writer = await createCaller(t.app, { scopes: ['accounts--my:rw'] });
    const stranger = await createCaller(t.app);
    const refused = await rotate(writer, hook.id).expect(403);
    expect(refused.body).toEqual({ error: { type: 'authorization', message: 'This operation requires the scope webhooks:manage' } });
    const missing = await rotate(stranger, hook.id).expect(404);
    expect(missing.body).toEqual({ error: { type: 'not_found', message: `Webhook ${hook.id} not found` } });
    await rotate(owner, 'not-a-uuid').expect(422);
    expect(box.open((await stored(hook.id)).secret, hook.id)).toBe(hook.secret);
  });

  it('the migration seals existing plain-text secrets when a key is set, and leaves them without one', async () => {
    const caller = await createCaller(t.app);
    const plain = { id: randomUUID(), secret: `whsec_${randomUUID()}` };
    const runner = t.app.get(DataSource).createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      // The table as the previous migration left it, with a secret stored before encryption existed.
      await runner.query('ALTER TABLE webhook_subscriptions DROP COLUMN previous_secret_expires_at, DROP COLUMN previous_secret');
      await runner.query(
        `INSERT INTO webhook_subscriptions (id, organization_id, url, events, secret) VALUES ($1, $2, 'https://example.com/h', '{import.done}', $3)`,
        [plain.id, caller.organizationId, plain.secret],
      );
      await runner.query('SAVEPOINT before_up');
      await new WebhookSecretsAtRest1764300910000(null).up(runner);
      expect((await runner.query('SELECT secret FROM webhook_subscriptions WHERE id = $1', [plain.id]))[0].secret).toBe(plain.secret);
      await runner.query('ROLLBACK TO SAVEPOINT before_up');
      await new WebhookSecretsAtRest1764300910000(KEY).up(runner);
      const [row] = await runner.query('SELECT secret, previous_secret FROM webhook_subscriptions WHERE id = $1', [plain.id]);
      expect(row.secret).toMatch(/^enc:v1:/);
      expect(box.open(row.secret, plain.id)).toBe(plain.secret);
      expect(row.previous_secret).toBeNull();
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('at boot with a key, seals secrets stored in plain text meanwhile (key set after the migration ran); they keep signing', async () => {
    const caller = await createCaller(t.app);
    const hook = await subscribe(caller, '/late-key');
    await query(t.app, 'UPDATE webhook_subscriptions SET secret = $2 WHERE id = $1', [hook.id, hook.secret]);
    const delivery = await deliveryOfNextImport(caller, '/late-key');
    expect(verifySignature(signature(delivery), hook.secret, delivery.body)).toBe(true);

    await t.app.get(WebhookSecretSealerService).onApplicationBootstrap();
    const row = await stored(hook.id);
    expect(row.secret).toMatch(/^enc:v1:/);
    expect(box.open(row.secret, hook.id)).toBe(hook.secret);
  });
});
