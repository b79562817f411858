import { basicAuth, call, loop, sleep, type Answer } from './support/client';
import { percentile, report, statuses } from './support/figures';
import { honestClient, honestFigures } from './support/honest-tenant';
import { readState, startApi, type AbuseState, type Api } from './support/stack';

/**
 * Issue 30's bound: the worst query costs at most this many typical one-word searches (p50 against
 * p50). Measured 1.28–1.84× on the settled catalog (3.02× once, when the spec ran beside the
 * worker's work after the setup's import, which the setup now waits for).
 */
const WORST_OVER_TYPICAL_MAX = 3;
/**
 * The honest tenant's p95 while the attacker runs, against quiet. The issue sets no figure for this
 * one (item 3's 2× is organization-flood's); measured 1.48–1.83× (1.83 in a CI run), so 3× guards
 * against a regression without failing on a noisy machine.
 */
const ATTACKED_P95_MAX_RATIO = 3;
/** Sequential pairs (a typical query, then the worst one) for the cost ratio. */
const ROUNDS = 15;
const PHASE_MS = 8_000;
/** The attacker's loops, each from its own address: more than its account's 2 read slots. */
const LOOPS = 4;
/** The longest query the issue tried. */
const QUERY_CHARS = 200;

/**
 * The worst query an attacker can build from the catalog's own words, as the issue tried: each word
 * one letter off (its middle letter replaced), so every word is one the catalog lacks, tried for
 * typos, and 200 characters of them.
 */
function worstQuery(words: readonly string[]): string {
  const typos = words
    .filter((word) => /^[a-z]{5,}$/.test(word))
    .map((word) => {
      const middle = Math.floor(word.length / 2);
      const swapped = word[middle] === 'z' ? 'a' : String.fromCharCode(word.charCodeAt(middle) + 1);
      return word.slice(0, middle) + swapped + word.slice(middle + 1);
    });
  let query = '';
  for (const typo of typos) {
    if (query.length + typo.length + 1 > QUERY_CHARS) break;
    query = query ? `${query} ${typo}` : typo;
  }
  return query;
}

/**
 * Issue 30, item 5: one read-only account sends the costliest query it can build (200 characters of
 * one-letter typos of the catalog's own words). Each costs at most 3× a typical one-word search (the
 * documented bounds: 10 words searched, 3 missing words tried for typos, the rest reported `ignored`
 * with reason `word_limit`, never an error), and four loops of them leave another organization's
 * status polls and searches unrefused and within 3× of quiet.
 */
describe('The costliest query an attacker can build', () => {
  let api: Api;
  let state: AbuseState;
  let authorization: string;

  beforeAll(async () => {
    state = readState();
    // The per-minute rate limit is not what is measured: without it the loops wait for read slots rather than spin on 429s.
    api = await startApi('query-amplification', { RATE_LIMIT_PER_MINUTE: '1000000' });
    authorization = basicAuth(state.crowd.amplifier.accountId, state.crowd.amplifier.token);
  });
  afterAll(() => api?.stop());

  const search = (q: string, from = '127.0.0.31'): Promise<Answer> =>
    call({ port: api.port, from, path: `/v1/catalogs/products?q=${encodeURIComponent(q)}&limit=20`, authorization, timeoutMs: 30_000 });

  async function phase(attack: boolean, worst: string): Promise<{ honest: Answer[]; attacker: Answer[] }> {
    const stop = { done: false };
    const attacker = attack ? Array.from({ length: LOOPS }, (_, i) => loop(stop, () => search(worst, `127.0.0.${32 + i}`))) : [];
    if (attack) await sleep(1_000);
    const honest = honestClient(api, state, stop);
    await sleep(PHASE_MS);
    stop.done = true;
    return { honest: await honest, attacker: (await Promise.all(attacker)).flat() };
  }

  it('costs at most 3× a typical query, reports the words beyond its bounds, and leaves another organization its reads', async () => {
    const worst = worstQuery(state.words);
    expect(worst.length).toBeGreaterThan(QUERY_CHARS - 15);
    const typical = state.words.slice(0, ROUNDS);

    // The cost, one request at a time: a typical one-word search, then the worst query, in turn (after one untimed pair).
    await search(typical[0]);
    await search(worst);
    const typicalMs: number[] = [];
    const worstMs: number[] = [];
    let last: Answer | undefined;
    for (const word of typical) {
      typicalMs.push((await search(word)).ms);
      last = await search(worst);
      expect(last.status).toBe(200);
      worstMs.push(last.ms);
    }
    const reading = JSON.parse(last!.body) as { interpretation: { words: Array<{ status: string; reason?: string }> } };
    const readWords = reading.interpretation.words;
    expect(readWords.filter((w) => w.reason === 'word_limit').length).toBeGreaterThan(0);
    const worstOverTypical = percentile(worstMs, 50) / percentile(typicalMs, 50);

    await phase(false, worst); // warm-up of the honest client
    const quiet = await phase(false, worst);
    const attacked = await phase(true, worst);
    const [quietFigures, attackedFigures] = [honestFigures(quiet.honest), honestFigures(attacked.honest)];
    const ratio = attackedFigures.p95_ms / quietFigures.p95_ms;
    report('query amplification', {
      query_chars: worst.length,
      words: readWords.length,
      word_limit: readWords.filter((w) => w.reason === 'word_limit').length,
      typical_p50_ms: Math.round(percentile(typicalMs, 50)),
      worst_p50_ms: Math.round(percentile(worstMs, 50)),
      worst_over_typical_p50: Math.round(worstOverTypical * 100) / 100,
      quiet: quietFigures,
      attacked: { ...attackedFigures, statuses: statuses(attacked.honest) },
      attacked_over_quiet_p95: Math.round(ratio * 100) / 100,
      attacker: { requests: attacked.attacker.length, statuses: statuses(attacked.attacker) },
    });
    expect(worstOverTypical).toBeLessThanOrEqual(WORST_OVER_TYPICAL_MAX);
    // The attack was real, and answered: the attacker's queries ran (waiting for its slots beyond them).
    expect(attacked.attacker.filter((a) => a.status === 200).length).toBeGreaterThan(20);
    expect(statuses(attacked.attacker.filter((a) => a.status !== 200 && a.status !== 429))).toEqual({});
    expect(statuses(quiet.honest)).toEqual({ '200': quiet.honest.length });
    expect(statuses(attacked.honest)).toEqual({ '200': attacked.honest.length });
    expect(ratio).toBeLessThanOrEqual(ATTACKED_P95_MAX_RATIO);
  });
});
