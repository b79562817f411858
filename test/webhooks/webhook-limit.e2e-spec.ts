import { MAX_WEBHOOKS_PER_ORGANIZATION } from '../../src/webhooks/webhooks.service';
import { query } from '../support/database';
import { createCaller, type TestCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

/** Private targets allowed: the URLs below are never called (no job runs). */
const WEBHOOKS = { allowPrivateTargets: true, retryBaseMs: 200, retryWindowMs: 4_000, timeoutMs: 1_000, relayIntervalMs: 100 };

describe('Webhook count limit under concurrent creates', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: false, config: (c) => ({ ...c, webhooks: { ...c.webhooks, ...WEBHOOKS } }) });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (caller: TestCaller, i: number) =>
    authed(t.http, caller)
      .post('/v1/webhooks')
      .send({ url: `http://127.0.0.1/hook-${i}`, events: ['import.failed'] });

  const stored = async (caller: TestCaller) =>
    (
      await query<{ n: number }>(t.app, 'SELECT count(*)::int AS n FROM webhook_subscriptions WHERE organization_id = $1', [
        caller.organizationId,
      ])
    )[0].n;

  it('never stores more than the limit when the last free places are asked for at once', async () => {
    const caller = await createCaller(t.app);
    const before = MAX_WEBHOOKS_PER_ORGANIZATION - 3;
    for (let i = 0; i < before; i++) expect((await create(caller, i)).status).toBe(201);

    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => create(caller, before + i)));

    expect(answers.map((a) => a.status).filter((status) => status === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.status !== 201);
    for (const answer of refused) {
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        error: {
          type: 'validation',
          message: `An organization can have at most ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks; delete one first`,
        },
      });
    }
    expect(await stored(caller)).toBe(MAX_WEBHOOKS_PER_ORGANIZATION);
  });

  it('counts each organization on its own: a full one does not hold back another', async () => {
    const [full, other] = [await createCaller(t.app), await createCaller(t.app)];
    await Promise.all(Array.from({ length: MAX_WEBHOOKS_PER_ORGANIZATION + 4 }, (_, i) => create(full, i)));
    expect(await stored(full)).toBe(MAX_WEBHOOKS_PER_ORGANIZATION);
    expect((await create(other, 0)).status).toBe(201);
  });
});
