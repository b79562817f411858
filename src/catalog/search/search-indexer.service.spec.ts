import type { SearchIndexRepository } from '../repositories/search-index.repository';
import { SEARCH_INDEX_CHUNK, SEARCH_INDEX_LOOPS, SearchIndexer } from './search-indexer.service';

/** Pending entries per organization; each indexPending call takes up to a chunk after a turn of the event loop. */
class FakeSearchIndex {
  readonly pending = new Map<string, number>();
  calls = 0;
  running = 0;
  maxRunning = 0;
  failNext = false;

  readonly repository: Pick<SearchIndexRepository, 'indexPending' | 'organizationsPending'> = {
    indexPending: async (organizationId, limit) => {
      this.calls++;
      this.running++;
      this.maxRunning = Math.max(this.maxRunning, this.running);
      try {
        await new Promise((resolve) => setImmediate(resolve));
        if (this.failNext) {
          this.failNext = false;
          throw new Error('deadlock detected');
        }
        const taken = Math.min(limit, this.pending.get(organizationId) ?? 0);
        this.pending.set(organizationId, (this.pending.get(organizationId) ?? 0) - taken);
        return taken;
      } finally {
        this.running--;
      }
    },
    organizationsPending: async () => [...this.pending].filter(([, n]) => n > 0).map(([id]) => id),
  };
}

const indexerOver = (fake: FakeSearchIndex) => new SearchIndexer(fake.repository as SearchIndexRepository);

describe('SearchIndexer', () => {
  it(`drains an organization with ${SEARCH_INDEX_LOOPS} loops at once and answers true once nothing is pending`, async () => {
    const fake = new FakeSearchIndex();
    fake.pending.set('org', 10 * SEARCH_INDEX_CHUNK + 5);

    await expect(indexerOver(fake).request('org')).resolves.toBe(true);

    expect(fake.pending.get('org')).toBe(0);
    expect(fake.maxRunning).toBe(SEARCH_INDEX_LOOPS);
  });

  it('answers a request made during a pass only after a later pass found nothing left', async () => {
    const fake = new FakeSearchIndex();
    fake.pending.set('org', 4 * SEARCH_INDEX_CHUNK);
    const indexer = indexerOver(fake);

    const first = indexer.request('org');
    await new Promise((resolve) => setImmediate(resolve));
    fake.pending.set('org', (fake.pending.get('org') ?? 0) + 3 * SEARCH_INDEX_CHUNK); // another batch committed
    const second = indexer.request('org');

    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(fake.pending.get('org')).toBe(0);
  });

  it('answers false when a chunk fails (its entries stay pending) and indexes them on the next sweep', async () => {
    const fake = new FakeSearchIndex();
    fake.pending.set('org', 3);
    fake.failNext = true;
    const indexer = indexerOver(fake);

    await expect(indexer.request('org')).resolves.toBe(false);
    // The other loop may have taken the entries meanwhile; put some back as a crash would leave them.
    fake.pending.set('org', 2);
    await indexer.sweep();
    await indexer.beforeApplicationShutdown();

    expect(fake.pending.get('org')).toBe(0);
  });

  it('answers false and starts nothing once shutting down', async () => {
    const fake = new FakeSearchIndex();
    fake.pending.set('org', 5);
    const indexer = indexerOver(fake);
    await indexer.beforeApplicationShutdown();

    await expect(indexer.request('org')).resolves.toBe(false);
    expect(fake.calls).toBe(0);
  });
});
