import { DataSource as DataSourceToken } from 'typeorm';
import { authed } from '../support/authed';
import { createCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** Nothing is delivered here: the URL only has to pass the target checks (loopback allowed; user info is refused at creation). */
const TARGET = 'http://127.0.0.1:41077/hooks/catalog?token=s3cr3t-query&team=7';

describe('Webhook URLs listed to a token that cannot manage webhooks', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: false, config: (c) => ({ ...c, webhooks: { ...c.webhooks, allowPrivateTargets: true } }) });
  });
  afterAll(() => t.close());

  it('hides their query string from read-only and read-write tokens, and shows them to webhooks:manage', async () => {
    const manager = await createCaller(t.app);
    await authed(t.http, manager)
      .post('/v1/webhooks')
      .send({ url: TARGET, events: ['import.done'] })
      .expect(201);
    const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    const writer = await createCaller(t.app, { scopes: ['accounts--my:rw'] });
    const sameOrganization = [reader, writer].map((c) => ({ ...c, organizationId: manager.organizationId }));
    // The factory made the readers their own organization; give them tokens of the manager's one instead.
    await t.app
      .get(DataSourceToken)
      .query('UPDATE accounts SET organization_id = $1 WHERE id = ANY($2)', [
        manager.organizationId,
        sameOrganization.map((c) => c.accountId),
      ]);

    const shown = await authed(t.http, manager).get('/v1/webhooks').expect(200);
    expect(shown.body.data.map((w: { url: string }) => w.url)).toEqual([new URL(TARGET).href]);
    for (const caller of sameOrganization) {
      const listed = await authed(t.http, caller).get('/v1/webhooks').expect(200);
      expect(listed.body.data.map((w: { url: string }) => w.url)).toEqual(['http://127.0.0.1:41077/hooks/catalog?***']);
      expect(JSON.stringify(listed.body)).not.toMatch(/s3cr3t-query|team=7/);
    }
  });
});
