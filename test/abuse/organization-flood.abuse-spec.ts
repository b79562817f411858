import { loadConfig } from '../../src/common/config/load-config';
import { basicAuth, call, loop, sleep, type Answer } from './support/client';
import { report, statuses } from './support/figures';
import { honestClient, honestFigures } from './support/honest-tenant';
import { readState, startApi, type AbuseState, type Api } from './support/stack';

/** How long each phase lasts: enough honest requests for a p95 (one every 50 ms, support/honest-tenant.ts). */
const PHASE_MS = 12_000;
/** Each attacking account runs this many loops at once: more than its organization's slots (READS_IN_FLIGHT_PER_ORGANIZATION, default 2). */
const LOOPS_PER_ATTACKER = 4;
/**
 * The honest tenant's p95 under attack stays within this many times its quiet p95: issue 30's goal.
 * Each organization's READS_IN_FLIGHT_PER_ORGANIZATION (2) is shared while several read, so the
 * crowd runs one facet at a time while the honest tenant searches: 1.2–1.5× measured on 2 cores
 * (docs/security.md). With the crowd keeping both slots it was 1.5–2.5×; refused at once and retried
 * at once (before issue 30), 8–20×.
 */
const ATTACKED_P95_MAX_RATIO = 2;
/** The service's READ_WAIT_MS (the suite runs it with the defaults): how long a read waits for a slot before 429. */
const READ_WAIT_MS = loadConfig({}).reads.waitMs;

/**
 * Issue 30, item 3: five read-only accounts of one organization, each from its own loopback
 * address, run facets over the whole realistic catalog as fast as they can. Another organization's
 * status polls and searches get no 429 or 503 and keep their p95 near quiet: reads are capped per
 * organization (that cap shared while several organizations read) and per process, a read beyond its
 * organization's share waits for a slot (so the crowd costs its share's CPU and no more), and the
 * pool keeps connections for everything else.
 */
describe('One organization running facets as fast as it can', () => {
  let api: Api;
  let state: AbuseState;

  beforeAll(async () => {
    state = readState();
    api = await startApi('organization-flood');
  });
  afterAll(() => api?.stop());

  async function phase(attack: boolean): Promise<{ honest: Answer[]; crowd: Answer[] }> {
    const stop = { done: false };
    const crowd = attack
      ? state.crowd.flooders.flatMap((reader, i) =>
          Array.from({ length: LOOPS_PER_ATTACKER }, () =>
            loop(stop, () =>
              call({
                port: api.port,
                from: `127.0.0.${11 + i}`,
                path: '/v1/catalogs/products/facets',
                authorization: basicAuth(reader.accountId, reader.token),
                timeoutMs: 60_000,
              }),
            ),
          ),
        )
      : [];
    if (attack) await sleep(1_000); // the attack at full strength before the honest client measures
    const honest = honestClient(api, state, stop);
    await sleep(PHASE_MS);
    stop.done = true;
    return { honest: await honest, crowd: (await Promise.all(crowd)).flat() };
  }

  it('leaves another organization its status polls and searches: no 429 or 503, p95 within 2× of quiet', async () => {
    await phase(false); // warm-up: caches, connections, the token lookup
    const quiet = await phase(false);
    const attacked = await phase(true);
    const [quietFigures, attackedFigures] = [honestFigures(quiet.honest), honestFigures(attacked.honest)];
    const ratio = attackedFigures.p95_ms / quietFigures.p95_ms;
    report('organization flood', {
      quiet: quietFigures,
      attacked: { ...attackedFigures, statuses: statuses(attacked.honest) },
      attacked_over_quiet_p95: Math.round(ratio * 100) / 100,
      crowd: { requests: attacked.crowd.length, statuses: statuses(attacked.crowd) },
    });
    // The attack was real: the crowd's facets ran (and were refused beyond their organization's limit).
    expect(attacked.crowd.filter((a) => a.status === 200).length).toBeGreaterThan(20);
    expect(statuses(quiet.honest)).toEqual({ '200': quiet.honest.length });
    expect(statuses(attacked.honest)).toEqual({ '200': attacked.honest.length });
    // The crowd waits for its share instead of spinning on refusals: refused only with 429, each after waiting READ_WAIT_MS.
    const refused = attacked.crowd.filter((a) => a.status !== 200);
    expect(statuses(refused)).toEqual(refused.length === 0 ? {} : { '429': refused.length });
    expect(refused.filter((a) => a.ms < READ_WAIT_MS)).toEqual([]);
    expect(ratio).toBeLessThanOrEqual(ATTACKED_P95_MAX_RATIO);
  });
});
