import request from 'supertest';
import { TokenRepository } from '../../src/auth/repositories/token.repository';
import { basic, createCaller } from '../support/factories';
import { expectErrorShape } from '../support/assertions';
import { createTestApp, type TestApp } from '../support/test-app';

const LIMIT = 3;

describe('Failed authentications are limited per client address', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: false, config: (c) => ({ ...c, authFailuresPerMinute: LIMIT }) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 with Retry-After once an address failed too often, before looking any credentials up, and counts it all in http_requests_total', async () => {
    const caller = await createCaller(t.app);
    const list = (authorization?: string) => {
      const req = request(t.http).get('/v1/catalogs/imports');
      return authorization === undefined ? req : req.set('Authorization', authorization);
    };
    await list(caller.auth).expect(200); // successes are not failures
    expectErrorShape(await list(basic(caller.accountId, 'pdt_unknown-1')), 401, 'authentication');
    expectErrorShape(await list(), 401, 'authentication'); // a missing header is a failure too
    expectErrorShape(await list(basic('nobody', 'pdt_unknown-2')), 401, 'authentication');

    const lookups = jest.spyOn(t.app.get(TokenRepository), 'findCredentialsByHash');
    const refused = await list(basic(caller.accountId, 'pdt_unknown-3'));
    expectErrorShape(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(lookups).not.toHaveBeenCalled();
    lookups.mockRestore();
    // Credentials of a live token are never held up by others' failures from the same address.
    await list(caller.auth).expect(200);

    const metrics = (await request(t.metrics).get('/metrics').expect(200)).text;
    const count = (status: number) =>
      Number(new RegExp(`http_requests_total\\{method="GET",route="/v1/catalogs/imports",status="${status}"\\} (\\d+)`).exec(metrics)?.[1]);
    expect(count(200)).toBe(2);
    expect(count(401)).toBe(3);
    expect(count(429)).toBe(1);
  });
});
