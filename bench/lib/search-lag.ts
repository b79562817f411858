import { unsearchableProducts, withClient } from './bench-db';
import { sleep } from '../../tools/harness/repo';
import { round } from './report';

/**
 * Seconds from the job's `completed_at` until no product of the organization is pending for the
 * search indexer (full-text search finds every product by its current text), polled every 50 ms in the bench database. An upper bound:
 * when everything is searchable at the first look, the time of that look counts.
 */
export async function measureSearchLag(
  databaseUrl: string,
  organizationId: string,
  completedAt: string | null,
  timeoutMs: number,
): Promise<number | null> {
  if (!completedAt) return null;
  const done = Date.parse(completedAt);
  return withClient(databaseUrl, async (client) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await unsearchableProducts(client, organizationId)) === 0) return round(Math.max(0, Date.now() - done) / 1000);
      await sleep(50);
    }
    return null;
  });
}
