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
 * Products an import may write before indexing starts during the import: what is left to index
 * at `done`, hence the search lag, stays below about this many products (58,382 took 6.6–7.3 s
 * after done with two loops on the 2-core bench machine under a load average of 7–8; the goal
 * is 5 s). Smaller imports are indexed once, after `done`, so their stemming never competes with
 * them; a larger one is indexed from this point on, behind its batches.
 */
export const SEARCH_INDEX_EVERY_WRITTEN = 40_000;

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

  /** Indexes the organization's pending products; true once none is left, false on error or shutdown. */
  request(organizationId: string): Promise<boolean> {
    this.unrequested.delete(organizationId);
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

  /** An import committed `count` products: requests indexing once SEARCH_INDEX_EVERY_WRITTEN have piled up. */
  written(organizationId: string, count: number): void {
    if (count === 0) return;
    const total = (this.unrequested.get(organizationId) ?? 0) + count;
    if (total >= SEARCH_INDEX_EVERY_WRITTEN) void this.request(organizationId);
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
      const loops = Array.from({ length: SEARCH_INDEX_LOOPS }, () => this.indexAll(organizationId));
      const indexed = (await Promise.all(loops)).every(Boolean);
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
