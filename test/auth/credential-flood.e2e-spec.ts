import request from 'supertest';
import { TokenRepository } from '../../src/auth/repositories/token.repository';
import { hashTokenSecret } from '../../src/auth/token-secret';
import { basic, createCaller, type TestCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** The attack of issue 30 item 1, scaled: many addresses guessing at once, honest clients polling meanwhile. */
const ADDRESSES = 1_000;
const GUESSES_PER_ADDRESS = 3;
const FLOOD_CONCURRENCY = 16;
const BUDGET = 50;
const PER_ADDRESS = 2;
/** Short, so the warm client's cache entry expires many times during the flood. */
const CACHE_TTL_MS = 200;
const MIN_HONEST_REQUESTS = 100;
/** supertest connects over loopback: the test plays the reverse proxy naming each attacker's address. */
const PROXIES = ['127.0.0.0/8', '::1/128'];

/** The i-th attacking address, in the benchmarking range 198.18.0.0/15. */
const attacker = (i: number) => `198.18.${i >> 8}.${i & 255}`;

describe('A flood of wrong credentials from 1,000 addresses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      worker: false,
      config: (c) => ({
        ...c,
        authFailuresPerMinute: PER_ADDRESS,
        authUnknownLookupsPerMinute: BUDGET,
        trustedProxies: PROXIES,
        tokenCacheTtlMs: CACHE_TTL_MS,
      }),
    });
  });
  afterAll(() => t.close());

  const get = (auth: string, address: string) =>
    request(t.http).get('/v1/catalogs/imports').set('Authorization', auth).set('X-Forwarded-For', address);

  it('costs honest clients nothing, cached or not, and PostgreSQL at most the lookup budget', async () => {
    const warm = await createCaller(t.app);
    const cold = await createCaller(t.app); // never used before the flood starts
    const sharing = await createCaller(t.app); // behind the same address (a NAT) as one of the attackers
    await get(warm.auth, '192.0.2.10').expect(200);
    const honestHashes = new Set([warm, cold, sharing].map((c) => hashTokenSecret(c.token).toString('base64')));
    const lookups = jest.spyOn(t.app.get(TokenRepository), 'findCredentialsByHash');

    const guesses: Array<{ auth: string; address: string }> = [];
    for (let i = 0; i < ADDRESSES; i++) {
      const address = attacker(i);
      guesses.push({ auth: basic(`acc_guess${i}`, `pdt_guess-${i}`), address });
      // Knowing a real account id does not help: the secret is still a guess.
      guesses.push({ auth: basic(warm.accountId, `pdt_wrong-${i}`), address });
      guesses.push({ auth: basic(cold.accountId, `pdt_wrong-${i}`), address });
    }
    expect(guesses).toHaveLength(ADDRESSES * GUESSES_PER_ADDRESS);
    const floodStatuses: number[] = [];
    let flooding = true;
    const flood = async () => {
      for (let next = guesses.shift(); next; next = guesses.shift()) floodStatuses.push((await get(next.auth, next.address)).status);
    };
    const floodStarted = Date.now();
    const floodDone = Promise.all(Array.from({ length: FLOOD_CONCURRENCY }, flood)).finally(() => (flooding = false));

    const poll = async (caller: TestCaller, address: string) => {
      const statuses: number[] = [];
      while (flooding || statuses.length < MIN_HONEST_REQUESTS) statuses.push((await get(caller.auth, address)).status);
      return statuses;
    };
    const [warmStatuses, coldStatuses, sharingStatuses] = await Promise.all([
      poll(warm, '192.0.2.10'),
      poll(cold, '192.0.2.11'),
      poll(sharing, attacker(7)),
      floodDone,
    ]);

    // The flood did reach every limit: the budget and the per-address limits were spent.
    expect(floodStatuses.filter((s) => s === 429).length).toBeGreaterThan(ADDRESSES);
    expect(floodStatuses.every((s) => s === 401 || s === 429)).toBe(true);
    for (const statuses of [warmStatuses, coldStatuses, sharingStatuses]) {
      const ok = statuses.filter((s) => s === 200).length;
      expect({ ok, total: statuses.length, rate: ok / statuses.length >= 0.99 }).toEqual({ ok, total: statuses.length, rate: true });
    }
    // What the flood cost PostgreSQL: no more lookups of guessed credentials than the budget, per minute
    // the flood lasted (a loaded machine stretches it past one minute; each minute renews the budget).
    const minutes = Math.ceil((Date.now() - floodStarted) / 60_000);
    const guessedLookups = lookups.mock.calls.filter(([hash]) => !honestHashes.has(hash.toString('base64'))).length;
    expect(guessedLookups).toBeLessThanOrEqual(BUDGET * (minutes + 1));
    lookups.mockRestore();
  }, 180_000);
});
