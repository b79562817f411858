import request from 'supertest';
import { TokenRepository } from '../../src/auth/repositories/token.repository';
import { expectErrorShape } from '../support/assertions';
import { basic, createCaller, type TestCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

const LIMIT = 3;
/** supertest connects over loopback: the test plays the reverse proxy. */
const PROXIES = ['127.0.0.0/8', '::1/128'];

const list = (t: TestApp, auth: string | undefined, forwardedFor?: string) => {
  let req = request(t.http).get('/v1/catalogs/imports');
  if (auth !== undefined) req = req.set('Authorization', auth);
  return forwardedFor === undefined ? req : req.set('X-Forwarded-For', forwardedFor);
};

describe('The failed-authentication limit behind a reverse proxy (TRUSTED_PROXIES)', () => {
  let t: TestApp;
  let caller: TestCaller;
  const wrong = () => basic(caller.accountId, `pdt_wrong-${Math.random()}`);

  beforeAll(async () => {
    t = await createTestApp({
      worker: false,
      config: (c) => ({ ...c, authFailuresPerMinute: LIMIT, trustedProxies: PROXIES, tokenCacheTtlMs: 60_000 }),
    });
    caller = await createCaller(t.app);
  });
  afterAll(() => t.close());

  it('counts each client the proxy names in X-Forwarded-For on its own, so one client cannot lock out the rest', async () => {
    for (let i = 0; i < LIMIT; i++) expectErrorShape(await list(t, wrong(), '203.0.113.5'), 401, 'authentication');
    expectErrorShape(await list(t, wrong(), '203.0.113.5'), 429, 'rate_limited');
    // A client cannot dodge it with an address of its own choosing in front: the proxy appends the real one.
    expectErrorShape(await list(t, wrong(), '198.51.100.1, 203.0.113.5'), 429, 'rate_limited');
    expectErrorShape(await list(t, wrong(), '203.0.113.6'), 401, 'authentication');
  });

  it('counts an IPv6 client with its whole /64', async () => {
    for (const host of ['1', '2', 'abcd:1']) expectErrorShape(await list(t, wrong(), `2001:db8:1:2::${host}`), 401, 'authentication');
    expectErrorShape(await list(t, wrong(), '2001:db8:1:2:ffff:ffff:ffff:ffff'), 429, 'rate_limited');
    expectErrorShape(await list(t, wrong(), '2001:db8:1:3::1'), 401, 'authentication');
  });

  it('never limits credentials of a live token, cached or not, even from a blocked address', async () => {
    const blocked = '203.0.113.77';
    await list(t, caller.auth, '192.0.2.10').expect(200); // verified once: now in the token cache
    for (let i = 0; i < LIMIT; i++) await list(t, wrong(), blocked);
    expectErrorShape(await list(t, wrong(), blocked), 429, 'rate_limited');
    const lookups = jest.spyOn(t.app.get(TokenRepository), 'findCredentialsByHash');
    await list(t, caller.auth, blocked).expect(200);
    expect(lookups).not.toHaveBeenCalled();
    lookups.mockRestore();
    // Credentials of a live token never used before pass too: others' failures cost them nothing.
    const newcomer = await createCaller(t.app);
    await list(t, newcomer.auth, blocked).expect(200);
    // Guesses, even for a real account, still wait while the address is blocked.
    expectErrorShape(await list(t, basic(newcomer.accountId, 'pdt_guess'), blocked), 429, 'rate_limited');
  });
});

describe('The budget of unknown-credential lookups (AUTH_UNKNOWN_LOOKUPS_PER_MINUTE)', () => {
  const BUDGET = 5;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      worker: false,
      config: (c) => ({ ...c, authUnknownLookupsPerMinute: BUDGET, trustedProxies: PROXIES, tokenCacheTtlMs: 60_000 }),
    });
  });
  afterAll(() => t.close());

  it('bounds the lookups of unknown credentials from all addresses together; live tokens still pass', async () => {
    const caller = await createCaller(t.app);
    await list(t, caller.auth).expect(200);
    for (let i = 0; i < BUDGET; i++) {
      expectErrorShape(await list(t, basic('nobody', `pdt_guess-${i}`), `198.51.100.${i + 1}`), 401, 'authentication');
    }
    const lookups = jest.spyOn(t.app.get(TokenRepository), 'findCredentialsByHash');
    const refused = await list(t, basic('nobody', 'pdt_guess-next'), '198.51.100.200');
    expect(expectErrorShape(refused, 429, 'rate_limited')).toMatch(/on this server/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(lookups).not.toHaveBeenCalled();
    lookups.mockRestore();
    await list(t, caller.auth, '198.51.100.201').expect(200);
    // A request without credentials costs no lookup: still a plain 401.
    expectErrorShape(await list(t, undefined, '198.51.100.202'), 401, 'authentication');
  });
});
