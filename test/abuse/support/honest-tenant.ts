import { basicAuth, call, loop, type Answer } from './client';
import { percentile } from './figures';
import type { AbuseState, Api } from './stack';

/** The pause between two of the honest tenant's requests. */
const HONEST_PAUSE_MS = 50;

/**
 * The honest tenant: a status poll of its import and a search of one of the catalog's 20 commonest
 * title words, in turn, from 127.0.0.2 with its first read-only account, until `stop`.
 */
export function honestClient(api: Api, state: AbuseState, stop: { done: boolean }): Promise<Answer[]> {
  const reader = state.honest.readers[0];
  const authorization = basicAuth(reader.accountId, reader.token);
  const words = state.words.slice(0, 20);
  let turn = 0;
  return loop(
    stop,
    () => {
      turn += 1;
      const path =
        turn % 2 === 0
          ? `/v1/catalogs/imports/${state.honest.jobId}`
          : `/v1/catalogs/products?q=${encodeURIComponent(words[turn % words.length])}&limit=20`;
      return call({ port: api.port, from: '127.0.0.2', path, authorization, timeoutMs: 30_000 });
    },
    HONEST_PAUSE_MS,
  );
}

/** The honest tenant's figures of one phase: requests, p50 and p95 (ms), and those of its searches and status polls apart. */
export function honestFigures(answers: Answer[]): {
  requests: number;
  p50_ms: number;
  p95_ms: number;
  search_p95_ms: number;
  status_p95_ms: number;
} {
  const ms = (of: Answer[]) => of.map((a) => a.ms);
  // A status poll costs PostgreSQL one indexed row, a search real work: which of the two suffers says where the time went.
  const searches = answers.filter((a) => a.body.includes('"total_count"'));
  const polls = answers.filter((a) => !a.body.includes('"total_count"'));
  return {
    requests: answers.length,
    p50_ms: Math.round(percentile(ms(answers), 50)),
    p95_ms: Math.round(percentile(ms(answers), 95)),
    search_p95_ms: Math.round(percentile(ms(searches), 95)),
    status_p95_ms: Math.round(percentile(ms(polls), 95)),
  };
}
