import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ProductRepository } from '../../catalog/repositories/product.repository';
import { SearchIndexerService } from '../../catalog/indexing/search-indexer.service';
import type { StoredHashes } from '../../catalog/product-write';
import { diffBatch, type BatchDiff } from './batch-diff';
import { mapInSlices } from '../../common/async/map-in-slices';
import { elementEvaluation, parseElement, rawHashOfElement, unchangedElement } from './element-evaluator';
import { guessElementId } from './fast-path/fast-path';
import { InvalidVerdicts } from './invalid-verdicts';
import { UNLIMITED, type ProductRoom } from './product-quota';
import type { RawElement } from './raw-element';

/**
 * Work parsed or evaluated between two turns of the event loop, in element bytes plus a fixed
 * share per element: the batch before this one commits meanwhile, and each of its statements
 * waits for such a turn (in one synchronous pass the commit would stall until this batch is ready).
 */
const SLICE_WEIGHT = 64 * 1024;
const weightOf = (element: RawElement): number => element.byteLength + 64;

/**
 * Turns a batch of raw elements into catalog changes. prepare() does the CPU work and one read;
 * write() applies it inside the caller's transaction (which also records errors and progress).
 * Correct only while the caller holds the organization's import lock, so nothing else writes
 * this organization's products meanwhile. `pending` holds what a batch whose transaction is still
 * in flight wrote, so the next batch can be prepared while it commits.
 */
@Injectable()
export class ImportBatchService {
  /** Shared by every import of this process: a verdict depends on the element's bytes only. */
  private readonly verdicts = new InvalidVerdicts();

  constructor(
    private readonly products: ProductRepository,
    private readonly searchIndex: SearchIndexerService,
  ) {}

  async prepare(
    manager: EntityManager,
    organizationId: string,
    elements: RawElement[],
    pending: ReadonlyMap<string, StoredHashes> = new Map(),
    quota: ProductRoom = UNLIMITED,
  ): Promise<BatchDiff> {
    // Re-import fast path: elements whose raw bytes are what the catalog stores for their id are
    // never decoded nor parsed (JSON.parse was most of an unchanged re-import). Ids are guessed from
    // the first bytes to look the stored hashes up; a wrong guess only means the element is parsed.
    const guesses = elements.map(guessElementId);
    const stored = new Map<string, StoredHashes>();
    const queried = new Set<string>();
    // The raw hashes are taken while PostgreSQL looks the guessed ids up.
    const guessedLookup = this.lookup(manager, organizationId, guesses, pending, stored, queried);
    guessedLookup.catch(() => undefined); // awaited below; never unhandled if hashing throws first
    const rawHashes = elements.map((e, i) => (guesses[i] === null ? null : rawHashOfElement(e)));
    await guessedLookup;
    const parsed = await mapInSlices(
      elements,
      (element, i) => {
        const id = guesses[i];
        const rawHash = rawHashes[i];
        if (id !== null && rawHash !== null && stored.get(id)?.rawHash === rawHash) return unchangedElement(element, id, rawHash);
        return parseElement(element, rawHash ?? undefined);
      },
      weightOf,
      SLICE_WEIGHT,
    );
    await this.lookup(
      manager,
      organizationId,
      parsed.map((p) => p.idHint),
      pending,
      stored,
      queried,
    );
    // An id seen twice in the batch is compared occurrence by occurrence: those elements need their values.
    const occurrences = new Map<string, number>();
    for (const p of parsed) if (p.idHint !== null) occurrences.set(p.idHint, (occurrences.get(p.idHint) ?? 0) + 1);
    const complete = parsed.map((p, i) =>
      p.unparsed && (occurrences.get(p.idHint!) ?? 0) > 1 ? parseElement(elements[i], p.rawHash ?? undefined) : p,
    );
    const evaluate = elementEvaluation(complete, stored, this.verdicts);
    const outcomes = await mapInSlices(complete, evaluate, (p) => weightOf(p.raw), SLICE_WEIGHT);
    return diffBatch(outcomes, stored, quota);
  }

  /** Products the organization stores now. */
  countProducts(organizationId: string): Promise<number> {
    return this.products.countForOrganization(organizationId);
  }

  /** Products a prepared batch adds to the catalog once committed. */
  static created(diff: BatchDiff): number {
    return diff.writes.reduce((n, w) => (w.exists ? n : n + 1), 0);
  }

  /** Adds the stored hashes of ids not `queried` yet (one query), with what the in-flight batch writes on top. */
  private async lookup(
    manager: EntityManager,
    organizationId: string,
    ids: Array<string | null>,
    pending: ReadonlyMap<string, StoredHashes>,
    into: Map<string, StoredHashes>,
    queried: Set<string>,
  ): Promise<void> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null && !queried.has(id)))];
    for (const id of wanted) queried.add(id);
    for (const [id, hashes] of await this.products.findHashes(manager, organizationId, wanted)) into.set(id, hashes);
    for (const id of wanted) {
      const written = pending.get(id);
      if (written) into.set(id, written);
    }
  }

  /** What a prepared batch will have written once committed: the `pending` of the next batch. */
  static written(diff: BatchDiff): Map<string, StoredHashes> {
    return new Map(diff.writes.map((w) => [w.productId, { contentHash: w.contentHash, rawHash: w.rawHash }]));
  }

  /**
   * The batch's products, and their ids listed for the search indexer, in the caller's transaction.
   * An import with a `language` records it on every product the batch names (written or unchanged)
   * whose document names none, and lists those whose language changed for indexing again: an
   * import without one costs nothing here.
   */
  async write(
    manager: EntityManager,
    organizationId: string,
    jobId: string,
    diff: BatchDiff,
    language: string | null = null,
  ): Promise<void> {
    await this.products.write(manager, organizationId, jobId, diff.writes);
    const relabelled = language === null ? [] : await this.products.recordImportLanguage(manager, organizationId, diff.named, language);
    await this.searchIndex.enqueue(manager, organizationId, [...new Set([...diff.writes.map((w) => w.productId), ...relabelled])]);
  }
}
