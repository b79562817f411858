import type { AppConfig } from '../../common/config/app-config';
import { poolSize } from '../../database/pool-size';
import type { SearchIndexRepository } from './search-index.repository';
import { SEARCH_INDEX_CHUNK, SEARCH_INDEX_LOOPS, SearchIndexerService } from './search-indexer.service';

/** A database pool of fixed size: acquire() waits while every connection is taken. */
class FakePool {
  inUse = 0;
  waits = 0;
  private readonly queue: Array<() => void> = [];

  constructor(readonly size: number) {}

  async acquire(): Promise<void> {
    if (this.inUse < this.size) {
      this.inUse++;
      return;
    }
    this.waits++;
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.inUse--;
  }
}

/**
 * Pending entries per organization; each indexPending call takes up to a chunk after a turn of the
 * event loop (or `chunkMs`), holding a connection of `pool` meanwhile when given one.
 */
class FakeSearchIndex {
  readonly pending = new Map<string, number>();
  /** The organization of every chunk, in the order they started. */
  readonly starts: string[] = [];
  calls = 0;
  running = 0;
  maxRunning = 0;
  failNext = false;
  /** Organizations whose rows are moving to a search partition of their own: their chunks take nothing. */
  readonly paused = new Set<string>();

  constructor(
    private readonly pool?: FakePool,
    private readonly chunkMs = 0,
  ) {}

  readonly repository: Pick<SearchIndexRepository, 'indexPending' | 'organizationsPending'> = {
    indexPending: async (organizationId, limit) => {
      this.calls++;
      this.starts.push(organizationId);
      await this.pool?.acquire();
      this.running++;
      this.maxRunning = Math.max(this.maxRunning, this.running);
      try {
        await new Promise((resolve) => (this.chunkMs > 0 ? setTimeout(resolve, this.chunkMs) : setImmediate(resolve)));
        if (this.failNext) {
          this.failNext = false;
          throw new Error('deadlock detected');
        }
        if (this.paused.has(organizationId)) return { taken: 0, wordsLeftOut: 0, paused: true };
        const taken = Math.min(limit, this.pending.get(organizationId) ?? 0);
        this.pending.set(organizationId, (this.pending.get(organizationId) ?? 0) - taken);
        return { taken, wordsLeftOut: 0, paused: false };
      } finally {
        this.running--;
        this.pool?.release();
      }
    },
    organizationsPending: async () => [...this.pending].filter(([, n]) => n > 0).map(([id]) => id),
  };

  /** Organizations, each with `chunks` full chunks pending. */
  backlog(count: number, chunks: number, prefix = 'org'): string[] {
    const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
    for (const id of ids) this.pending.set(id, chunks * SEARCH_INDEX_CHUNK);
    return ids;
  }

  left(ids: string[]): number {
    return ids.reduce((sum, id) => sum + (this.pending.get(id) ?? 0), 0);
  }
}

/** A worker process's configuration: pool of poolSize() = 24 connections beside the 12 of reads. */
const workerConfig = (searchIndexPoolShare = 0.5) =>
  ({
    worker: { enabled: true, concurrency: 2, searchIndexPoolShare },
    uploads: { slotsPerProcess: 8 },
    reads: { inFlightPerProcess: 12 },
    catalog: { vocabularyMaxWords: 200_000 },
  }) as AppConfig;

const indexerOver = (fake: FakeSearchIndex, share?: number) =>
  new SearchIndexerService(fake.repository as SearchIndexRepository, workerConfig(share));

/** Resolves once nothing is pending in the given organizations (the sweep's promises are not returned). */
async function drained(fake: FakeSearchIndex, ids: string[]): Promise<void> {
  while (fake.left(ids) > 0 || fake.running > 0) await new Promise((resolve) => setTimeout(resolve, 1));
}

describe('SearchIndexerService', () => {
  it(`drains an organization with ${SEARCH_INDEX_LOOPS} chunks at once and answers true once nothing is pending`, async () => {
    const fake = new FakeSearchIndex();
    fake.pending.set('org', 10 * SEARCH_INDEX_CHUNK + 5);

    await expect(indexerOver(fake).request('org')).resolves.toBe(true);

    expect(fake.pending.get('org')).toBe(0);
    expect(fake.maxRunning).toBe(SEARCH_INDEX_LOOPS);
  });

  it('answers a request made during a pass only after a later chunk found nothing left', async () => {
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
    // The other chunk may have taken the entries meanwhile; put some back as a crash would leave them.
    fake.pending.set('org', 2);
    await indexer.sweep();
    await drained(fake, ['org']);
    await indexer.beforeApplicationShutdown();

    expect(fake.pending.get('org')).toBe(0);
  });

  it('answers false while the organization moves to its own search partition, and true when asked after the move', async () => {
    const fake = new FakeSearchIndex();
    fake.pending.set('org', 3);
    fake.paused.add('org');
    const indexer = indexerOver(fake);

    await expect(indexer.request('org')).resolves.toBe(false);
    expect(fake.pending.get('org')).toBe(3);
    fake.paused.delete('org');
    await expect(indexer.request('org')).resolves.toBe(true);
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

  it('answers requests still waiting at shutdown with false once the running chunks ended', async () => {
    const fake = new FakeSearchIndex();
    fake.backlog(1, 50);
    const indexer = indexerOver(fake);
    const answer = indexer.request('org-0');
    await new Promise((resolve) => setImmediate(resolve));

    await indexer.beforeApplicationShutdown();

    await expect(answer).resolves.toBe(false);
    expect(fake.running).toBe(0);
    expect(fake.left(['org-0'])).toBeGreaterThan(0);
  });

  it.each([
    [0.5, 12],
    [0.25, 6],
    [1, 24],
    [0.01, 1],
  ])('never runs more chunks at once than its share %p of the pool (%p of 24 connections)', async (share, connections) => {
    const fake = new FakeSearchIndex();
    const ids = fake.backlog(60, 3);
    const indexer = indexerOver(fake, share);
    expect(poolSize(workerConfig(share))).toBe(24 + 12);
    expect(indexer.connections).toBe(connections);

    await indexer.sweep();
    await drained(fake, ids);

    expect(fake.maxRunning).toBe(connections);
  });

  it('drains a backlog of organizations in turn: each gets a chunk before any gets its next', async () => {
    const fake = new FakeSearchIndex();
    const ids = fake.backlog(5, 3);
    const indexer = indexerOver(fake, 3 / 24); // three connections: fewer than the organizations

    await indexer.sweep();
    await drained(fake, ids);

    // Three full chunks each, in rounds: every round holds every organization once.
    const rounds = [0, 1, 2].map((round) => fake.starts.slice(round * 5, round * 5 + 5).sort());
    for (const round of rounds) expect(round).toEqual(ids);
    expect(fake.maxRunning).toBe(3);
  });

  it('shares the connections between organizations instead of draining the first ones first', async () => {
    const fake = new FakeSearchIndex();
    const ids = fake.backlog(40, 10);
    const indexer = indexerOver(fake);

    await indexer.sweep();
    // After one chunk per organization's worth of work, every organization has had one.
    while (fake.calls < ids.length) await new Promise((resolve) => setImmediate(resolve));
    expect(new Set(fake.starts.slice(0, ids.length)).size).toBe(ids.length);

    await drained(fake, ids);
  });

  it("indexes an organization an import just finished in before the sweep's backlog, which keeps a connection", async () => {
    const fake = new FakeSearchIndex();
    const backlog = fake.backlog(30, 20);
    fake.pending.set('fresh', 10 * SEARCH_INDEX_CHUNK);
    const indexer = indexerOver(fake, 2 / 24); // two connections
    const backlogBefore = fake.left(backlog);

    await indexer.sweep(); // 'fresh' has pending entries too, so the sweep queues it in the backlog first
    const fresh = indexer.request('fresh');
    await expect(fresh).resolves.toBe(true);

    // Done while most of the backlog is still pending, and the backlog kept moving meanwhile.
    expect(fake.left(backlog)).toBeGreaterThan(backlogBefore * 0.9);
    expect(fake.left(backlog)).toBeLessThan(backlogBefore);
    await drained(fake, backlog);
  });

  it('leaves an import arriving during a long backlog the connections it needs at once', async () => {
    const pool = new FakePool(24);
    const fake = new FakeSearchIndex(pool, 2);
    const backlog = fake.backlog(200, 10);
    const indexer = indexerOver(fake);

    await indexer.sweep();
    await new Promise((resolve) => setTimeout(resolve, 20)); // the backlog is running
    expect(pool.inUse).toBe(indexer.connections);

    // An import: its organization lock, batch transaction, hash lookup and read-ahead.
    const started = performance.now();
    await Promise.all([1, 2, 3, 4].map(() => pool.acquire()));
    const waitedMs = performance.now() - started;
    for (let i = 0; i < 4; i++) pool.release();

    expect(pool.waits).toBe(0);
    expect(waitedMs).toBeLessThan(50);
    expect(fake.left(backlog)).toBeGreaterThan(0);
    await indexer.beforeApplicationShutdown();
  });
});
