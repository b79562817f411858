import { Injectable, Logger, Optional, type BeforeApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../../common/config/app-config';
import { searchIndexConnections } from '../../database/pool-size';
import { ReplicaFencesService } from '../../database/replicas/replica-fences.service';
import { SearchIndexRepository } from './search-index.repository';
import { type Chunk, IndexingTurns, type Priority } from './indexing-turns';
import { LeftOutWords } from './left-out-words';

/** Pending entries taken per statement: ~1,000 descriptions stemmed in some tens of ms. */
export const SEARCH_INDEX_CHUNK = 1_000;

/**
 * Chunks of one organization at once: stemming is PostgreSQL CPU, and on the 2-core target two
 * backends take the pending entries of a finished import in about half the time.
 */
export const SEARCH_INDEX_LOOPS = 2;

/**
 * Computes the search vectors of the products imports listed as pending, one chunk (one statement)
 * at a time per connection, on at most searchIndexConnections() connections of the pool, so a
 * backlog of any length leaves the rest to imports and requests.
 *
 * Organizations take turns (IndexingTurns): each running chunk is one organization's, and an
 * organization gets its next chunk only after every other one waiting got one, so a backlog of
 * many organizations drains round-robin. An organization an import just finished in (request())
 * goes before the backlog the periodic sweep found, so an agent waiting for its import's products
 * is not behind every other tenant's backlog; the backlog keeps at least one connection.
 *
 * A request's promise resolves once a chunk that started after it found nothing pending and every
 * chunk of the organization running then has committed: true, or false when a chunk failed (its
 * entries stay pending) or on shutdown. Resumable by construction: what is pending stays pending
 * whatever crashed; the worker's periodic sweep picks up organizations nobody requested.
 *
 * With replicas, each chunk's WAL position becomes the organization's fence (ReplicaFencesService), so a
 * request resolves once searches on any replica they may use find what it indexed.
 *
 * An import's products are indexed once it is `done` (ImportDeliveryProcessor requests it), never
 * beside its batches: stemming beside them takes CPU the import needs, while the 50 MiB upload
 * limit bounds what is left at `done` (docs/decisions/search-indexed-after-done.md).
 */
@Injectable()
export class SearchIndexerService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(SearchIndexerService.name);
  private readonly turns: IndexingTurns;
  private readonly vocabularyMaxWords: number;
  private readonly chunks = new Set<Promise<void>>();
  private readonly leftOut = new LeftOutWords();
  private stopping = false;

  constructor(
    private readonly repository: SearchIndexRepository,
    config: AppConfig,
    @Optional() private readonly fences?: ReplicaFencesService,
  ) {
    this.turns = new IndexingTurns(searchIndexConnections(config), SEARCH_INDEX_LOOPS);
    this.vocabularyMaxWords = config.catalog.vocabularyMaxWords;
  }

  /** Marks products for (re)indexing inside the caller's write transaction: they are indexed after it commits. */
  enqueue(manager: EntityManager, organizationId: string, productIds: string[]): Promise<void> {
    return this.repository.enqueue(manager, organizationId, productIds);
  }

  /** Connections indexing may hold at once. */
  get connections(): number {
    return this.turns.slots;
  }

  /** Indexes the organization's pending products before the sweep's backlog; true once none is left. */
  request(organizationId: string): Promise<boolean> {
    const answer = this.ask(organizationId, 'requested');
    this.startChunks();
    return answer;
  }

  /**
   * Queues every organization with pending products (after a crash, or rows nobody asked for)
   * that is not draining already, behind the requested ones; returns without waiting for them.
   */
  async sweep(): Promise<void> {
    for (const organizationId of await this.repository.organizationsPending()) {
      if (!this.turns.draining(organizationId)) void this.ask(organizationId, 'backlog');
    }
    // Once all are queued: the first chunks go to as many organizations as there are connections.
    this.startChunks();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.chunks]);
    this.turns.abandon();
  }

  private ask(organizationId: string, priority: Priority): Promise<boolean> {
    if (this.stopping) return Promise.resolve(false);
    return this.turns.ask(organizationId, priority);
  }

  /** Fills the free connections with the next organizations' chunks. */
  private startChunks(): void {
    if (this.stopping) return;
    for (let chunk = this.turns.next(); chunk; chunk = this.turns.next()) this.track(this.runChunk(chunk));
  }

  private async runChunk(chunk: Chunk): Promise<void> {
    const { drain } = chunk;
    let taken: number | null;
    try {
      const chunkOutcome = await this.repository.indexPending(drain.organizationId, SEARCH_INDEX_CHUNK, this.vocabularyMaxWords);
      // Moving to its own search partition: answered as not indexed; the mover asks again when it is done.
      taken = chunkOutcome.paused ? null : chunkOutcome.taken;
      const leftOut = chunkOutcome.wordsLeftOut > 0 ? this.leftOut.add(drain.organizationId, chunkOutcome.wordsLeftOut) : 0;
      if (leftOut > 0) {
        // Still found by exact search (the vectors hold them); only typo correction and prefixes miss them.
        this.logger.warn(
          `Search vocabulary of organization ${drain.organizationId} is full (SEARCH_VOCABULARY_MAX_WORDS=${this.vocabularyMaxWords}): ${leftOut} new words not added since the last warning (at most one a minute)`,
        );
      }
      // Searchable means on replicas too: a search goes to one that has replayed these vectors, or to the primary.
      if (chunkOutcome.taken > 0) await this.fences?.advance(drain.organizationId);
    } catch (error) {
      this.logger.warn(`Search indexing of organization ${drain.organizationId} failed: ${(error as Error).message}`);
      taken = null;
    }
    this.turns.finished(chunk, taken, this.stopping);
    this.startChunks();
  }

  private track(chunk: Promise<void>): void {
    this.chunks.add(chunk);
    void chunk.finally(() => this.chunks.delete(chunk));
  }
}
