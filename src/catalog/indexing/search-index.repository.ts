import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SEARCH_PARTITION_LOCK_NAMESPACE } from '../../database/organization-lock-key';
import { WRITE_SEARCH_ROWS } from './search-row-sql';

/**
 * Takes up to $2 pending entries of organization $1 and writes their search rows, with at most $3
 * vocabulary words (see indexPending); takes none while the organization's rows move to a search
 * partition of their own (`paused`: the mover holds the lock this tries).
 */
export const INDEX_PENDING = `
  WITH gate AS (
    SELECT pg_try_advisory_xact_lock_shared(${SEARCH_PARTITION_LOCK_NAMESPACE}, hashtext(CAST($1 AS uuid)::text)) AS open
  ), picked AS (
    DELETE FROM product_search_pending
     WHERE ctid = ANY (ARRAY(SELECT ctid FROM product_search_pending WHERE organization_id = $1 AND (SELECT open FROM gate)
                              LIMIT $2 FOR UPDATE SKIP LOCKED))
    RETURNING product_id
  ), ${WRITE_SEARCH_ROWS}
  SELECT (SELECT count(*) FROM picked)::int AS taken, (SELECT count(*) FROM written)::int AS written,
         greatest(0, (SELECT count(*) FROM new_words) - (SELECT n FROM room))::int AS words_left_out,
         NOT (SELECT open FROM gate) AS paused`;

/**
 * Search vectors (`product_search`, one row per indexed product) and the queue of products to
 * (re)index (`product_search_pending`). Imports list what they wrote in the batch's transaction;
 * the search indexer computes the vectors afterwards, off the import's critical path.
 */
@Injectable()
export class SearchIndexRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Lists products for indexing, in the caller's (batch) transaction: one statement per batch. */
  async enqueue(manager: EntityManager, organizationId: string, productIds: string[]): Promise<void> {
    if (productIds.length === 0) return;
    await manager.query(`INSERT INTO product_search_pending (organization_id, product_id) SELECT $1, unnest($2::text[])`, [
      organizationId,
      productIds,
    ]);
  }

  /**
   * Takes up to `limit` of the organization's pending entries and writes their products' vectors
   * and filter columns (WRITE_SEARCH_ROWS) in one statement (so one transaction): a crash leaves
   * the entries pending and the next call takes them; returns how many entries were taken (0:
   * none left). SKIP LOCKED: entries another loop or worker is indexing are left to it, so loops
   * never wait on each other's picks. A product deleted meanwhile has no row to join and its entry
   * just goes. The rows are written in id order so two loops upserting the same products (an id
   * listed twice) cannot deadlock.
   *
   * Products are not locked (product_search has no foreign key, migration 1764300550000): a
   * product deleted while this statement runs may still get a row, read before the delete
   * committed. Reads inner-join products, so it is never seen, and re-importing the id lists it
   * again, which replaces the row (upsert). Deleting the organization first deletes its pending
   * entries, so it waits for this statement's picks, then deletes every search row of the
   * organization; a statement that starts after skips the entries it holds (SKIP LOCKED).
   *
   * `paused`: the organization's rows are moving to a search partition of their own
   * (SearchPartitionMoverService): nothing was taken, the entries wait for the move's end.
   */
  async indexPending(
    organizationId: string,
    limit: number,
    vocabularyMaxWords: number,
  ): Promise<{ taken: number; wordsLeftOut: number; paused: boolean }> {
    const [row]: Array<{ taken: number; words_left_out: number; paused: boolean }> = await this.dataSource.query(INDEX_PENDING, [
      organizationId,
      limit,
      vocabularyMaxWords,
    ]);
    return { taken: row.taken, wordsLeftOut: row.words_left_out, paused: row.paused };
  }

  /**
   * Organizations with pending entries (after a crash, or entries nobody asked to index) and no
   * import running: a running import's entries are indexed when it ends, not beside its batches
   * whenever the sweep comes by (measured: stemming beside an import slows it down).
   */
  async organizationsPending(): Promise<string[]> {
    const rows: Array<{ organization_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT q.organization_id FROM product_search_pending q
        WHERE NOT EXISTS (SELECT 1 FROM import_jobs j WHERE j.organization_id = q.organization_id AND j.status = 'processing')`,
    );
    return rows.map((r) => r.organization_id);
  }

  /** Entries not indexed yet for the organization (0 once all of its products are searchable). */
  async pendingCount(organizationId: string): Promise<number> {
    const [{ n }]: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM product_search_pending WHERE organization_id = $1`,
      [organizationId],
    );
    return n;
  }
}
