import request from 'supertest';
import { expectErrorShape } from '../support/assertions';
import { createCaller, type TestCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const ALLOWED = 'https://admin.example.com';
const EVIL = 'https://evil.example';
const FILE = Buffer.from(JSON.stringify([{ id: 'p1', title: 'Kettle', price: { amount: 10, currency: 'EUR' } }]));

/**
 * A page on another site must not make a browser write: the browser resends Basic credentials on
 * its own once entered, and a multipart POST needs no CORS preflight.
 */
describe('Cross-site writes are refused', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ worker: false, config: (c) => ({ ...c, allowedOrigins: [ALLOWED] }) });
    caller = await createCaller(t.app);
  });
  afterAll(() => t.close());

  const postImport = (headers: Record<string, string>) =>
    request(t.http)
      .post('/v1/catalogs/imports?mode=replace&allow_mass_delete=true')
      .set({ Authorization: caller.auth, ...headers })
      .attach('file', FILE, 'catalog.json');
  const imports = async () => (await authed(t.http, caller).get('/v1/catalogs/imports').expect(200)).body.data;

  it('refuses an upload from another origin, or marked cross-site, with 403 and stores nothing', async () => {
    const fromEvil = await postImport({ Origin: EVIL });
    expect(expectErrorShape(fromEvil, 403, 'authorization')).toMatch(`origin ${EVIL}`);
    expectErrorShape(await postImport({ 'Sec-Fetch-Site': 'cross-site' }), 403, 'authorization');
    expectErrorShape(await postImport({ Origin: 'null' }), 403, 'authorization');
    expect(await imports()).toEqual([]);
  });

  it('answers 403 before authentication: no 401, so no login prompt for the other site', async () => {
    const response = await request(t.http).post('/v1/catalogs/imports').set('Origin', EVIL).attach('file', FILE, 'catalog.json');
    expectErrorShape(response, 403, 'authorization');
    expect(response.headers['www-authenticate']).toBeUndefined();
  });

  it('guards every write route: delete, cancel, webhooks', async () => {
    const cross = { Authorization: caller.auth, 'Sec-Fetch-Site': 'cross-site' };
    expectErrorShape(await request(t.http).delete('/v1/catalogs/products/p1').set(cross), 403, 'authorization');
    expectErrorShape(
      await request(t.http).post('/v1/catalogs/imports/3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10/cancel').set(cross),
      403,
      'authorization',
    );
    expectErrorShape(
      await request(t.http)
        .post('/v1/webhooks')
        .set(cross)
        .send({ url: 'https://hooks.example.com/x', events: ['import.done'] }),
      403,
      'authorization',
    );
    expectErrorShape(await request(t.http).delete('/v1/webhooks/6d1f3b2a-4c5e-4f70-8a9b-0c1d2e3f4a5b').set(cross), 403, 'authorization');
    expect((await authed(t.http, caller).get('/v1/webhooks').expect(200)).body.data).toEqual([]);
  });

  it("lets through the service's own pages (Swagger UI), ALLOWED_ORIGINS, and clients that are not browsers", async () => {
    await postImport({ Host: 'catalog.test:3000', Origin: 'http://catalog.test:3000', 'Sec-Fetch-Site': 'same-origin' }).expect(202);
    await postImport({ Origin: ALLOWED, 'Sec-Fetch-Site': 'cross-site' }).expect(202);
    await postImport({}).expect(202);
    expect(await imports()).toHaveLength(3);
  });

  it('does not refuse reads from other sites (CORS keeps their answers from the page)', async () => {
    await request(t.http)
      .get('/v1/catalogs/imports')
      .set({ Authorization: caller.auth, Origin: EVIL, 'Sec-Fetch-Site': 'cross-site' })
      .expect(200);
  });
});
