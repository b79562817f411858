import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { WebhookDeliveryPageDto } from '../../src/webhooks/dto/webhook-delivery.dto';
import type { WebhookCreatedDto } from '../../src/webhooks/dto/webhook.dto';
import { SIGNATURE_HEADER, verifySignature } from '../../src/webhooks/signing/webhook-signature';
import { ADDRESS_NOT_PUBLIC, HOST_NOT_PUBLIC, PORT_NOT_ALLOWED } from '../../src/webhooks/ssrf/target-guard';
import { query } from '../support/database';
import { createCaller, type TestCaller } from '../support/factories';
import { getJob, products, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { WebhookReceiver, type ReceivedRequest } from '../support/webhook-receiver';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';

/** Quick timings: retries 200 ms, 400 ms, 800 ms, … for at most 4 s, attempts time out after 1 s. */
const WEBHOOKS = {
  allowPrivateTargets: true,
  retryBaseMs: 200,
  retryWindowMs: 4_000,
  timeoutMs: 1_000,
  relayIntervalMs: 100,
  secretKey: null,
  previousSecretTtlMs: 86_400_000,
};

interface EventBody {
  id: string;
  type: string;
  created_at: string;
  data: Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const events = (requests: ReceivedRequest[]) => requests.map((r) => JSON.parse(r.body) as EventBody);

describe('Webhooks', () => {
  let t: TestApp;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    t = await createTestApp({ config: (c) => ({ ...c, webhooks: WEBHOOKS }) });
  });
  afterAll(async () => {
    await t.close();
    await receiver.stop();
  });

  const subscribe = async (caller: TestCaller, body: Record<string, unknown>): Promise<WebhookCreatedDto> => {
    const response = await authed(t.http, caller).post('/v1/webhooks').send(body);
    expect(response.status).toBe(201);
    return response.body as WebhookCreatedDto;
  };
  const deliveries = async (caller: TestCaller, webhookId: string): Promise<WebhookDeliveryPageDto> =>
    (await authed(t.http, caller).get(`/v1/webhooks/${webhookId}/deliveries`).expect(200)).body as WebhookDeliveryPageDto;

  describe('subscriptions over HTTP', () => {
    it('creates (201, secret shown once), lists without secrets, and deletes (204, then 404)', async () => {
      const caller = await createCaller(t.app);
      const created = await subscribe(caller, { url: receiver.url('/crud'), events: ['import.done'], description: 'storefront' });
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: receiver.url('/crud'),
        events: ['import.done'],
        description: 'storefront',
        created_at: expect.stringMatching(/Z$/),
        secret: expect.stringMatching(/^whsec_/),
      });
      const list = await authed(t.http, caller).get('/v1/webhooks').expect(200);
      expect(list.body).toEqual({ data: [{ ...created, secret: undefined }], next_cursor: null });
      expect(JSON.stringify(list.body)).not.toContain(created.secret);

      await authed(t.http, caller).delete(`/v1/webhooks/${created.id}`).expect(204);
      const again = await authed(t.http, caller).delete(`/v1/webhooks/${created.id}`).expect(404);
      expect(again.body).toEqual({ error: { type: 'not_found', message: `Webhook ${created.id} not found` } });
    });

    it("answers another organization's webhook exactly like a missing one", async () => {
      const owner = await createCaller(t.app);
      const other = await createCaller(t.app);
      const created = await subscribe(owner, { url: receiver.url('/owned'), events: ['import.done'] });
      const list = await authed(t.http, other).get('/v1/webhooks').expect(200);
      expect(list.body).toEqual({ data: [], next_cursor: null });
      await authed(t.http, other).get(`/v1/webhooks/${created.id}/deliveries`).expect(404);
      await authed(t.http, other).delete(`/v1/webhooks/${created.id}`).expect(404);
      await authed(t.http, owner).get(`/v1/webhooks/${created.id}/deliveries`).expect(200);
    });

    it('stores the URL in its normalised form (a NUL in the path is percent-encoded, never stored raw)', async () => {
      const caller = await createCaller(t.app);
      const created = await subscribe(caller, { url: 'HTTPS://Example.COM/h\u0000ook?q=\u00e9', events: ['import.failed'] });
      expect(created.url).toBe('https://example.com/h%00ook?q=%C3%A9');
    });

    it('refuses a 21st webhook of one organization with 422', async () => {
      const caller = await createCaller(t.app);
      for (let i = 0; i < 20; i++) await subscribe(caller, { url: receiver.url(`/many-${i}`), events: ['import.failed'] });
      const refused = await authed(t.http, caller)
        .post('/v1/webhooks')
        .send({ url: receiver.url('/many-20'), events: ['import.failed'] })
        .expect(422);
      expect(refused.body.error.message).toBe('An organization can have at most 20 webhooks; delete one first');
    });

    it('pages the list with next_cursor', async () => {
      const caller = await createCaller(t.app);
      for (let i = 0; i < 3; i++) await subscribe(caller, { url: receiver.url(`/page-${i}`), events: ['import.done'] });
      const first = await authed(t.http, caller).get('/v1/webhooks?limit=2').expect(200);
      expect(first.body.data.map((w: { url: string }) => w.url)).toEqual([receiver.url('/page-2'), receiver.url('/page-1')]);
      const second = await authed(t.http, caller)
        .get(`/v1/webhooks?limit=2&cursor=${first.body.next_cursor as string}`)
        .expect(200);
      expect(second.body).toEqual({ data: [expect.objectContaining({ url: receiver.url('/page-0') })], next_cursor: null });
    });

    it.each([
      ['no events', { url: 'https://example.com/h' }, /events/],
      ['an unknown event', { url: 'https://example.com/h', events: ['import.started'] }, /only import.done, import.failed/],
      ['an empty events list', { url: 'https://example.com/h', events: [] }, /at least one event/],
      ['a repeated event', { url: 'https://example.com/h', events: ['import.done', 'import.done'] }, /not repeat/],
      ['no url', { events: ['import.done'] }, /url must be a string/],
      ['an ftp url', { url: 'ftp://example.com/h', events: ['import.done'] }, /http or https/],
      ['a url with credentials', { url: 'https://u:p@example.com/h', events: ['import.done'] }, /credentials/],
      ['an unknown field', { url: 'https://example.com/h', events: ['import.done'], secret: 'mine' }, /unknown parameter secret/],
      ['a JSON array', [1], /JSON object/],
      ['a NUL in the description', { url: 'https://example.com/h', events: ['import.done'], description: 'a\u0000b' }, /NUL/],
    ])('refuses %s with 422 validation', async (_name, body, message) => {
      const caller = await createCaller(t.app);
      const response = await authed(t.http, caller)
        .post('/v1/webhooks')
        .send(body as object)
        .expect(422);
      expect(response.body.error.type).toBe('validation');
      expect(response.body.error.message).toMatch(message);
    });

    it('answers 401 before reading the body, then 403 for a read-only token, 415 for a non-JSON body and 400 for malformed JSON', async () => {
      await request(t.http).post('/v1/webhooks').set('Content-Type', 'application/json').send('{not json').expect(401);
      const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
      await authed(t.http, reader)
        .post('/v1/webhooks')
        .send({ url: 'https://example.com', events: ['import.done'] })
        .expect(403);
      const caller = await createCaller(t.app);
      const text = await authed(t.http, caller).post('/v1/webhooks').set('Content-Type', 'text/plain').send('x').expect(415);
      expect(text.body.error.type).toBe('unsupported_media_type');
      const bad = await authed(t.http, caller).post('/v1/webhooks').set('Content-Type', 'application/json').send('{"url":').expect(400);
      expect(bad.body).toEqual({ error: { type: 'bad_request', message: 'The body is not valid JSON' } });
    });
  });

  describe('the outbox', () => {
    it('gets exactly one event whenever a job becomes done or failed, whatever statement ends it', async () => {
      const caller = await createCaller(t.app);
      const jobId = randomUUID();
      // A job row without a queue position: no worker touches it, so only these statements change it.
      await query(
        t.app,
        `INSERT INTO import_jobs (id, organization_id, account_id, status, file_name, file_size) VALUES ($1, $2, $3, 'pending', 'x.json', 2)`,
        [jobId, caller.organizationId, caller.accountId],
      );
      await query(t.app, `UPDATE import_jobs SET status = 'processing' WHERE id = $1`, [jobId]);
      const outbox = () =>
        query<{ type: string; data: Record<string, unknown> }>(t.app, 'SELECT type, data FROM outbox_events WHERE job_id = $1', [jobId]);
      expect(await outbox()).toEqual([]);
      await query(
        t.app,
        `UPDATE import_jobs SET status = 'failed', failure_type = 'internal', completed_at = clock_timestamp() WHERE id = $1`,
        [jobId],
      );
      await query(t.app, `UPDATE import_jobs SET status = 'failed', failure_message = 'again' WHERE id = $1`, [jobId]);
      const [event, ...more] = await outbox();
      expect(more).toEqual([]);
      expect(event).toEqual({ type: 'import.failed', data: await getJob(t.http, caller.auth, jobId) });
    });
  });

  describe('delivery', () => {
    it("POSTs exactly one signed import.done per job, whose data is the job's status, and nothing of another organization's jobs", async () => {
      const caller = await createCaller(t.app);
      const stranger = await createCaller(t.app);
      const hook = await subscribe(caller, { url: receiver.url('/done'), events: ['import.done', 'import.failed'] });
      const jobs = [await upload(t.http, caller.auth, products(3)), await upload(t.http, caller.auth, products(2))];
      const foreign = await upload(t.http, stranger.auth, products(4));
      for (const job of jobs) await waitForJob(t.http, caller.auth, job);
      await waitForJob(t.http, stranger.auth, foreign);

      await eventually('two deliveries', () => receiver.at('/done').length >= 2);
      await sleep(1_000); // room for a duplicate or a stray event to show up
      const received = receiver.at('/done');
      const bodies = events(received);
      expect(bodies.map((b) => b.data.job_id).sort()).toEqual([...jobs].sort());
      expect(bodies.every((b) => b.type === 'import.done')).toBe(true);
      expect(new Set(bodies.map((b) => b.id)).size).toBe(2);
      for (const [i, r] of received.entries()) {
        expect(r.method).toBe('POST');
        expect(r.headers['content-type']).toBe('application/json');
        const signature = r.headers[SIGNATURE_HEADER.toLowerCase()] as string;
        expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
        expect(verifySignature(signature, hook.secret, r.body)).toBe(true);
        expect(verifySignature(signature, 'whsec_wrong', r.body)).toBe(false);
        expect(bodies[i].data).toEqual(await getJob(t.http, caller.auth, bodies[i].data.job_id as string));
        expect(Object.keys(bodies[i])).toEqual(['id', 'type', 'created_at', 'data']);
      }
      expect(received.map((r) => r.body).join()).not.toContain(foreign);

      const page = await deliveries(caller, hook.id);
      expect(page.data).toHaveLength(2);
      for (const delivery of page.data) {
        expect(delivery).toMatchObject({
          status: 'delivered',
          attempt_count: 1,
          next_attempt_at: null,
          last_status_code: 204,
          last_error: null,
        });
        expect(delivery.attempts).toEqual([
          { attempt: 1, attempted_at: expect.any(String), status_code: 204, error: null, duration_ms: expect.any(Number) },
        ]);
      }
      expect(page.data.map((d) => d.job_id).sort()).toEqual([...jobs].sort());
      const first = await authed(t.http, caller).get(`/v1/webhooks/${hook.id}/deliveries?limit=1`).expect(200);
      const second = await authed(t.http, caller)
        .get(`/v1/webhooks/${hook.id}/deliveries?limit=1&cursor=${first.body.next_cursor as string}`)
        .expect(200);
      expect([...first.body.data, ...second.body.data]).toEqual(page.data);
      expect(second.body.next_cursor).toBeNull();
      await authed(t.http, caller).get(`/v1/webhooks/${hook.id}/deliveries?cursor=bogus`).expect(422);
      // One outbox event per ended job, written with it: none for the other organization's job under this one.
      const outbox = await query<{ job_id: string; type: string }>(
        t.app,
        'SELECT e.job_id, e.type FROM outbox_events e WHERE e.organization_id = $1 ORDER BY e.seq',
        [caller.organizationId],
      );
      expect(outbox.map((e) => e.job_id).sort()).toEqual([...jobs].sort());
      expect(outbox.every((e) => e.type === 'import.done')).toBe(true);
    });

    it('POSTs import.failed for a failed job, and only to subscribers of that event', async () => {
      const caller = await createCaller(t.app);
      await subscribe(caller, { url: receiver.url('/failed-only'), events: ['import.failed'] });
      await subscribe(caller, { url: receiver.url('/done-only'), events: ['import.done'] });
      const job = await upload(t.http, caller.auth, '[{"id":"a","title":"A"}');
      expect((await waitForJob(t.http, caller.auth, job)).status).toBe('failed');
      const [received] = await eventually('import.failed', () => receiver.at('/failed-only').length > 0 && receiver.at('/failed-only'));
      const body = events([received])[0];
      expect(body).toMatchObject({ type: 'import.failed', data: { job_id: job, status: 'failed', completed_at: expect.any(String) } });
      await sleep(500);
      expect(receiver.at('/done-only')).toEqual([]);
      expect(receiver.at('/failed-only')).toHaveLength(1);
    });

    it('retries with backoff until a receiver that answered 503 recovers; the deliveries list shows every attempt', async () => {
      const caller = await createCaller(t.app);
      let answered = 0;
      const previous = receiver.answer;
      receiver.answer = (r) => (r.path === '/flaky' ? (++answered <= 2 ? 503 : 200) : previous(r));
      const hook = await subscribe(caller, { url: receiver.url('/flaky'), events: ['import.done'] });
      const job = await upload(t.http, caller.auth, products(1));
      await waitForJob(t.http, caller.auth, job);
      const delivered = await eventually('the delivery to succeed', async () => {
        const [delivery] = (await deliveries(caller, hook.id)).data;
        return delivery?.status === 'delivered' && delivery;
      });
      expect(delivered.attempts.map((a) => [a.attempt, a.status_code, a.error])).toEqual([
        [1, 503, 'answered 503'],
        [2, 503, 'answered 503'],
        [3, 200, null],
      ]);
      const times = receiver.at('/flaky').map((r) => r.at);
      expect(times).toHaveLength(3);
      // 200 ms, then 400 ms (exponential), give or take the queue's timer resolution.
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(150);
      expect(times[2] - times[1]).toBeGreaterThanOrEqual(350);
      expect(new Set(events(receiver.at('/flaky')).map((b) => b.id)).size).toBe(1); // the same event each time
      const metrics = await request(t.metrics).get('/metrics').expect(200);
      expect(metrics.text).toMatch(/^webhook_attempts_total\{result="retry"\} [1-9]/m);
      expect(metrics.text).toMatch(/^webhook_attempts_total\{result="delivered"\} [1-9]/m);
    });

    it('delivers after the receiver was down for a while (connection refused meanwhile, shown as pending with a next retry)', async () => {
      const down = new WebhookReceiver();
      await down.start();
      const caller = await createCaller(t.app);
      const hook = await subscribe(caller, { url: down.url('/back'), events: ['import.done'] });
      await down.stop();
      const job = await upload(t.http, caller.auth, products(2));
      await waitForJob(t.http, caller.auth, job);
      const pending = await eventually('two refused attempts', async () => {
        const [delivery] = (await deliveries(caller, hook.id)).data;
        return delivery?.attempts.length >= 2 && delivery;
      });
      expect(pending.status).toBe('pending');
      expect(pending.next_attempt_at).not.toBeNull();
      expect(pending.attempts.slice(0, 2).map((a) => [a.status_code, a.error])).toEqual([
        [null, 'connection refused'],
        [null, 'connection refused'],
      ]);
      await down.start(); // same port
      try {
        const [received] = await eventually('the delivery', () => down.received.length > 0 && down.received);
        expect(events([received])[0]).toMatchObject({ type: 'import.done', data: { job_id: job, status: 'done' } });
        const delivery = await eventually('delivered', async () =>
          (await deliveries(caller, hook.id)).data.find((d) => d.status === 'delivered'),
        );
        expect(delivery.attempts.at(-1)).toMatchObject({ status_code: 204, error: null });
        await sleep(500);
        expect(down.received).toHaveLength(1);
      } finally {
        await down.stop();
      }
    });

    it('marks a delivery failed once the retry window is over (a receiver that never answers: every attempt times out)', async () => {
      const caller = await createCaller(t.app);
      const previous = receiver.answer;
      receiver.answer = (r) => (r.path === '/hang' ? 'hang' : previous(r));
      const hook = await subscribe(caller, { url: receiver.url('/hang'), events: ['import.done'] });
      const job = await upload(t.http, caller.auth, products(1));
      await waitForJob(t.http, caller.auth, job);
      const failed = await eventually(
        'the delivery to fail',
        async () => {
          const [delivery] = (await deliveries(caller, hook.id)).data;
          return delivery?.status === 'failed' && delivery;
        },
        { timeoutMs: 30_000 },
      );
      expect(failed.next_attempt_at).toBeNull();
      expect(failed.completed_at).not.toBeNull();
      expect(failed.attempts.length).toBeGreaterThanOrEqual(2);
      expect(failed.attempts.every((a) => a.status_code === null && a.error === 'timed out after 1000 ms')).toBe(true);
      expect(Date.parse(failed.attempts.at(-1)!.attempted_at) - Date.parse(failed.created_at)).toBeLessThanOrEqual(WEBHOOKS.retryWindowMs);
    });

    it('stops delivering to a deleted webhook', async () => {
      const caller = await createCaller(t.app);
      const hook = await subscribe(caller, { url: receiver.url('/deleted'), events: ['import.done'] });
      await authed(t.http, caller).delete(`/v1/webhooks/${hook.id}`).expect(204);
      const job = await upload(t.http, caller.auth, products(1));
      await waitForJob(t.http, caller.auth, job);
      await sleep(800);
      expect(receiver.at('/deleted')).toEqual([]);
    });
  });
});

describe('Webhook SSRF guard (WEBHOOK_ALLOW_PRIVATE_TARGETS=false)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: false, config: (c) => ({ ...c, webhooks: { ...WEBHOOKS, allowPrivateTargets: false } }) });
  });
  afterAll(() => t.close());

  it.each([
    ['http://127.0.0.1/hook', ADDRESS_NOT_PUBLIC, '127.0.0.1 is a loopback address'],
    ['http://localhost/hook', HOST_NOT_PUBLIC, /^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/],
    ['http://[::1]/hook', ADDRESS_NOT_PUBLIC, '::1 is a loopback address'],
    ['http://169.254.169.254/latest/meta-data', ADDRESS_NOT_PUBLIC, '169.254.169.254 is a cloud metadata address'],
    ['http://[fd00:ec2::254]/', ADDRESS_NOT_PUBLIC, /a cloud metadata address/],
    ['http://10.0.0.8/', ADDRESS_NOT_PUBLIC, /a private \(RFC 1918\) address/],
    ['http://100.64.1.1/', ADDRESS_NOT_PUBLIC, /carrier-grade NAT/],
    ['http://0x7f.1/', ADDRESS_NOT_PUBLIC, /127\.0\.0\.1 is a loopback address/],
    ['http://[::ffff:127.0.0.1]/', ADDRESS_NOT_PUBLIC, /loopback, embedded in ::ffff:0:0\/96/],
    ['http://0.0.0.0/', ADDRESS_NOT_PUBLIC, /unspecified/],
    ['http://no-such-host.invalid/', HOST_NOT_PUBLIC, /^no-such-host\.invalid could not be resolved/],
    ['https://93.184.215.14:22/hook', PORT_NOT_ALLOWED, /93\.184\.215\.14:22/],
  ])('refuses %s with 422, a generic message, and the reason in the server log only', async (url, message, logged) => {
    const caller = await createCaller(t.app);
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const response = await authed(t.http, caller)
        .post('/v1/webhooks')
        .send({ url, events: ['import.done'] })
        .expect(422);
      expect(response.body).toEqual({ error: { type: 'validation', message } });
      const prefix = `Webhook target refused for organization ${caller.organizationId}: `;
      const lines = warn.mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith(prefix));
      expect(lines).toHaveLength(1);
      expect(lines[0].slice(prefix.length)).toMatch(logged);
    } finally {
      warn.mockRestore();
    }
    const list = await authed(t.http, caller).get('/v1/webhooks').expect(200);
    expect(list.body.data).toEqual([]);
  });

  it('accepts a public address (checked without DNS when the host is an address)', async () => {
    const caller = await createCaller(t.app);
    await authed(t.http, caller)
      .post('/v1/webhooks')
      .send({ url: 'https://93.184.215.14/hook', events: ['import.done'] })
      .expect(201);
  });
});
