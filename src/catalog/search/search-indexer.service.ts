import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { SearchIndexRepository } from '../repositories/search-index.repository';

/** Pending entries taken per statement: ~1,000 descriptions stemmed in some tens of ms. */
export const SEARCH_INDEX_CHUNK = 1_000;

/**
 * Loops that drain one organization at once: stemming is PostgreSQL CPU, and on the 2-core
 * target two backends take the pending entries of a finished import in about half the time.
 */
export const SEARCH_INDEX_LOOPS = 2;

interface Drain {
  running: boolean;
  /** Requests a pass that has not started yet will answer. */
  waiting: Array<(indexed: boolean) => void>;
}

/**
 * Computes the search vectors of the products imports listed as pending. One drain per
 * organization in this process, with SEARCH_INDEX_LOOPS loops; requests made while it runs are
 * answered by the next full pass, so a request's promise resolves only once a pass that started
 * after it found nothing left. Resumable by construction: what is pending stays pending whatever
 * crashed; the worker's periodic sweep picks up organizations nobody requested.
 *
 * An import's products are indexed once it is `done` (ImportProcessor requests it), never beside
 * its batches: the 50 MiB upload limit bounds what is left at `done` (58,382 bench products are
 * searchable 1.8–1.9 s later, 1.59 million minimal ones in ~8 s), while stemming beside the import
 * took the CPU it needed (round 5 of issue 11, 2-core VM: one loop from 25,000 written products made
 * the bench import 0.35–0.5 s slower, 2.9–3.1 s against 2.5–2.6 s, and the 1.59 million minimal
 * products 22–24 s against 16 s).
 */
@Injectable()
export class SearchIndexer implements BeforeApplicationShutdown {
  private readonly logger = new Logger(SearchIndexer.name);
  private readonly drains = new Map<string, Drain>();
  private readonly loops = new Set<Promise<void>>();
  private stopping = false;

  constructor(private readonly repository: SearchIndexRepository) {}

  /** Indexes the organization's pending products; true once none is left, false on error or shutdown. */
  request(organizationId: string): Promise<boolean> {
    if (this.stopping) return Promise.resolve(false);
    return new Promise((resolve) => {
      let drain = this.drains.get(organizationId);
      if (!drain) {
        drain = { running: false, waiting: [] };
        this.drains.set(organizationId, drain);
      }
      drain.waiting.push(resolve);
      if (!drain.running) this.track(this.drain(organizationId, drain));
    });
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
      const pass = Array.from({ length: SEARCH_INDEX_LOOPS }, () => this.indexAll(organizationId));
      const indexed = (await Promise.all(pass)).every(Boolean);
      for (const resolve of answered) resolve(indexed);
    }
    drain.running = false;
    this.drains.delete(organizationId);
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
