import request from 'supertest';
import { createTestApp, type TestApp } from './support/test-app';
import { basic, createCaller } from './support/factories';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ worker: false }); });
afterAll(async () => { await t.close(); });

it('explore', async () => {
  const c = await createCaller(t.app);
  const show = (label: string, r: request.Response) => console.log(label, r.status, JSON.stringify(r.headers), JSON.stringify(r.body), r.text.slice(0, 200));
  show('noauth', await request(t.http).get('/v1/catalogs/imports/00000000-0000-4000-8000-000000000000'));
  show('auth-colon', await request(t.http).get('/v1/catalogs/imports/00000000-0000-4000-8000-000000000000').set('Authorization', basic(c.accountId, c.token + ':x')));
  show('unknown', await request(t.http).get('/nope'));
  show('badjson', await request(t.http).post('/v1/catalogs/imports').set('Content-Type', 'application/json').send('{bad'));
  show('badjson-auth', await request(t.http).post('/v1/catalogs/imports').set('Authorization', c.auth).set('Content-Type', 'application/json').send('{bad'));
  show('baduri', await request(t.http).get('/v1/catalogs/imports/%E0%A4%A').set('Authorization', c.auth));
  show('post-unknown', await request(t.http).post('/v1/nope').set('Content-Type', 'application/json').send('{bad'));
  show('uuid-upper', await request(t.http).get('/v1/catalogs/imports/00000000-0000-4000-8000-00000000000A').set('Authorization', c.auth));
  show('uuid-nil', await request(t.http).get('/v1/catalogs/imports/00000000-0000-0000-0000-000000000000').set('Authorization', c.auth));
  show('v1 uuid', await request(t.http).get('/v1/catalogs/imports/6ba7b810-9dad-11d1-80b4-00c04fd430c8').set('Authorization', c.auth));
});
