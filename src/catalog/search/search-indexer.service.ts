import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { SearchIndexRepository } from '../repositories/search-index.repository';

/** Pending entries taken per statement: ~1,000 descriptions stemmed in some tens of ms. */
export const SEARCH_INDEX_CHUNK = 1_000;

/**
 * Loops that drain one organization at once: stemming is PostgreSQL CPU, and on the 2-core
 * target two backends take the pending entries of a finished import in about half the time.
 */
export const SEARCH_INDEX_LOOPS = 2;

/**
 * Loops while the organization's import still runs. The import keeps one core busy with its worker
 * and part of the other with its batches' backend: one indexing backend takes about what is left,
 * two take a share of the worker's core. When the import ends, its request adds the second loop.
 */
export const SEARCH_INDEX_LOOPS_DURING_IMPORT = 1;

/**
 * Products an import may write before indexing starts beside it. Smaller imports are indexed once,
 * after `done`, so their stemming never competes with them; a larger one is indexed from here on,
 * so what is left at `done` (the search lag) stays bounded. Two loops index ~30,000 bench products
 * a second here, so 100,000 pending at `done` are searchable within ~3–4 s. Round 5 (bench catalog,
 * 58,382 products, a 2-core VM where the plain COPY takes 0.56 s): one loop beside it from 25,000
 * cost the import 0.35–0.5 s (2.9–3.1 s against 2.5–2.6 s) for a lag of 1.5 s instead of 1.8–1.9 s.
 * Round 4, on a VM about 2.5× slower: nothing beside 7.3–8.0 s import / 6.1–6.2 s lag, one loop
 * from 25,000 8.1–8.6 s / 3.2–3.5 s.
 */
export const SEARCH_INDEX_EVERY_WRITTEN = 100_000;

interface Drain {
  running: boolean;
  /** Requests a pass that has not started yet will answer. */
  waiting: Array<(indexed: boolean) => void>;
  /** Loops the next pass runs: the most any of its waiting requests asked for. */
  nextLoops: number;
  /** The running pass's loops; a request asking for more adds them to it. */
  pass: Array<Promise<boolean>>;
}

/**
 * Computes the search vectors of the products imports listed as pending. One drain per
 * organization in this process, with SEARCH_INDEX_LOOPS loops; requests made while it runs are
 * answered by the next full pass, so a request's promise resolves only once a pass that started
 * after it found nothing left. Resumable by construction: what is pending stays pending whatever
 * crashed; the worker's periodic sweep picks up organizations nobody requested.
 */
@Injectable()
export class SearchIndexer implements BeforeApplicationShutdown {
  private readonly logger = new Logger(SearchIndexer.name);
  private readonly drains = new Map<string, Drain>();
  private readonly loops = new Set<Promise<void>>();
  /** Products written per organization since its last request (see SEARCH_INDEX_EVERY_WRITTEN). */
  private readonly unrequested = new Map<string, number>();
  private stopping = false;

  constructor(private readonly repository: SearchIndexRepository) {}

  /**
   * Indexes the organization's pending products with up to `loops` loops at once; true once none
   * is left, false on error or shutdown.
   */
  request(organizationId: string, loops = SEARCH_INDEX_LOOPS): Promise<boolean> {
    this.unrequested.delete(organizationId);
    if (this.stopping) return Promise.resolve(false);
    return new Promise((resolve) => {
      let drain = this.drains.get(organizationId);
      if (!drain) {
        drain = { running: false, waiting: [], nextLoops: 0, pass: [] };
        this.drains.set(organizationId, drain);
      }
      drain.waiting.push(resolve);
      drain.nextLoops = Math.max(drain.nextLoops, loops);
      if (!drain.running) this.track(this.drain(organizationId, drain));
      else this.addLoops(organizationId, drain, loops);
    });
  }

  /** An import committed `count` products: requests indexing once SEARCH_INDEX_EVERY_WRITTEN have piled up. */
  written(organizationId: string, count: number): void {
    if (count === 0) return;
    const total = (this.unrequested.get(organizationId) ?? 0) + count;
    if (total >= SEARCH_INDEX_EVERY_WRITTEN) void this.request(organizationId, SEARCH_INDEX_LOOPS_DURING_IMPORT);
    else this.unrequested.set(organizationId, total);
  }

  /** Requests every organization that has pending products (after a crash, or rows nobody asked for). */
  async sweep(): Promise<void> {
    for (const organizationId of await this.repository.organizationsPending()) void this.request(organizationId);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.loops]);
  }

  private async drain(organizationId: string, drain: Drain): Promise<void> {
    drain.running = true;
    while (drain.waiting.length > 0) {
      const answered = drain.waiting.splice(0);
      const loops = drain.nextLoops;
      drain.nextLoops = 0;
      drain.pass = [];
      this.addLoops(organizationId, drain, loops);
      let indexed = true;
      // Indexed reads: loops a request adds meanwhile are awaited too.
      for (let i = 0; i < drain.pass.length; i++) indexed = (await drain.pass[i]) && indexed;
      for (const resolve of answered) resolve(indexed);
    }
    drain.running = false;
    this.drains.delete(organizationId);
  }

  /** Starts loops in the running pass until it has `loops` of them. */
  private addLoops(organizationId: string, drain: Drain, loops: number): void {
    while (drain.pass.length < loops) drain.pass.push(this.indexAll(organizationId));
  }

  /** One loop: chunks until none is left (true), or shutdown or an error (false; the entries stay pending). */
  private async indexAll(organizationId: string): Promise<boolean> {
    try {
      while (!this.stopping) {
        if ((await this.repository.indexPending(organizationId, SEARCH_INDEX_CHUNK)) === 0) return true;
      }
      return false;
    } catch (error) {
      this.logger.warn(`Search indexing of organization ${organizationId} failed: ${(error as Error).message}`);
      return false;
    }
  }

  private track(loop: Promise<void>): void {
    this.loops.add(loop);
    void loop.finally(() => this.loops.delete(loop));
  }
}
