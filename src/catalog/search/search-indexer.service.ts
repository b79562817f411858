import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { SearchIndexRepository } from '../repositories/search-index.repository';

/** Products indexed per statement: ~1,000 descriptions stemmed in some tens of ms, so an import waiting on a row waits little. */
export const SEARCH_INDEX_CHUNK = 1_000;

interface Drain {
  running: boolean;
  /** Requests a pass that has not started yet will answer. */
  waiting: Array<(indexed: boolean) => void>;
}

/**
 * Fills the search vectors of products written without one (imports leave `search` NULL so that
 * stemming is off their critical path). One drain loop per organization in this process; requests
 * made while it runs are answered by the next full pass, so a request's promise resolves only once
 * a pass that started after it found nothing left. Resumable by construction: what is NULL is
 * pending, whatever crashed; the worker's periodic sweep picks up organizations nobody requested.
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

  /** Requests every organization that has unindexed products (after a crash, or rows nobody asked for). */
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
      let indexed = !this.stopping;
      try {
        while (indexed && (await this.repository.indexPending(organizationId, SEARCH_INDEX_CHUNK)) > 0) indexed = !this.stopping;
      } catch (error) {
        // The rows stay NULL; the next request or sweep takes them.
        this.logger.warn(`Search indexing of organization ${organizationId} failed: ${(error as Error).message}`);
        indexed = false;
      }
      for (const resolve of answered) resolve(indexed);
    }
    drain.running = false;
    this.drains.delete(organizationId);
  }

  private track(loop: Promise<void>): void {
    this.loops.add(loop);
    void loop.finally(() => this.loops.delete(loop));
  }
}
