import { unsearchableProducts, withClient } from '../../tools/harness/bench-db';
import { sleep } from '../../tools/harness/repo';
import { round } from './report';

export interface SearchableTimes {
  /** The job's `completed_at` -> nothing of the organization pending for the search indexer. */
  lag_s: number;
  /** The 202 as the client saw it -> the same moment: how long an agent waits to find what it imported. */
  searchable_s: number;
}

/**
 * Polls (every 50 ms, in the bench database) until no product of the organization is pending for
 * the search indexer (full-text search finds every product by its current text); null on timeout
 * or without `completedAt`. Upper bounds: when everything is searchable at the first look, the
 * time of that look counts.
 */
export async function measureSearchable(
  databaseUrl: string,
  organizationId: string,
  phase: { accepted_at: string; completed_at: string | null },
  timeoutMs: number,
): Promise<SearchableTimes | null> {
  if (!phase.completed_at) return null;
  const done = Date.parse(phase.completed_at);
  const accepted = Date.parse(phase.accepted_at);
  return withClient(databaseUrl, async (client) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await unsearchableProducts(client, organizationId)) === 0) {
        const now = Date.now();
        return { lag_s: round(Math.max(0, now - done) / 1000), searchable_s: round((now - accepted) / 1000) };
      }
      await sleep(50);
    }
    return null;
  });
}
