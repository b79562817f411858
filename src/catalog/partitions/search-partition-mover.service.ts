import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type QueryRunner } from 'typeorm';
import { AppConfig } from '../../common/config/app-config';
import { POSTGRES_ERROR, postgresErrorCode } from '../../common/errors/postgres-errors';
import { SEARCH_PARTITION_LOCK_NAMESPACE, SEARCH_PARTITION_MOVER_LOCK_NAMESPACE } from '../../database/organization-lock-key';
import { SearchIndexerService } from '../indexing/search-indexer.service';
import {
  organizationLiteral,
  ownPartitionIndexStatements,
  ownPartitionName,
  SHARED_PARTITION,
  sharedExclusionName,
} from './search-partition-sql';
import { type SearchPartition, SearchPartitionsRepository } from './search-partitions.repository';

/**
 * The longest a read or a write may wait behind a move: the two brief ACCESS EXCLUSIVE locks a move
 * takes (the shared partition's to add its CHECK; the search table's to attach) give up after this
 * and are tried again, so traffic is never queued behind one for longer.
 */
const MOVE_LOCK_TIMEOUT_MS = 200;
/** Tries of each brief lock before the move is rolled back (the next pass starts it again). */
const LOCK_TRIES = 50;
/** How long a worker leaves an organization whose move failed before copying its rows again. */
const RETRY_AFTER_FAILURE_MS = 10 * 60_000;
/** What the steps that block nobody (the delete, VALIDATE) may wait: past autovacuum's deadlock_timeout, which cancels it for us. */
const PATIENT_LOCK_TIMEOUT_MS = 30_000;

/** What one pass did, for the log and the tests. */
export interface PartitionPass {
  moved: string | null;
  rolledBack: string[];
  dropped: string[];
}

/**
 * Moves an organization whose catalog grew past SEARCH_PARTITION_PRODUCTS out of the shared
 * search partition into one of its own, online (docs/operations.md "Search partitions"):
 * 1. its indexing pauses (SEARCH_PARTITION_LOCK_NAMESPACE; its imports and reads go on);
 * 2. its rows are copied into a new table in id order, indexed (the GIN indexes without the organization column), vacuumed and analyzed;
 * 3. the shared partition gets `CHECK (organization_id <> it) NOT VALID` (a brief exclusive lock);
 * 4. one transaction deletes its rows from the shared partition, validates the CHECK (a scan that
 *    blocks no read or write) and attaches the table as its partition (a brief exclusive lock of the
 *    search table, which the CHECK spares a scan): reads see the old rows until the commit, the new
 *    partition after it;
 * 5. rows of products deleted during the move are removed, and its indexing resumes;
 * 6. the shared partition is vacuumed (the moved rows are dead there).
 * A move that fails or whose process dies is rolled back by the next pass. Partitions of deleted
 * organizations are dropped. Nothing moves an organization back (see docs/operations.md).
 */
@Injectable()
export class SearchPartitionMoverService {
  private readonly logger = new Logger(SearchPartitionMoverService.name);
  private readonly threshold: number;
  /** Organizations whose last move failed here, and when: a move that cannot finish is not redone every pass. */
  private readonly failedAt = new Map<string, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly partitions: SearchPartitionsRepository,
    private readonly indexer: SearchIndexerService,
    config: AppConfig,
  ) {
    this.threshold = config.catalog.partitionProducts;
  }

  /** One pass, by one worker at a time (the others skip it). */
  async pass(): Promise<PartitionPass> {
    const outcome: PartitionPass = { moved: null, rolledBack: [], dropped: [] };
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query('SELECT pg_try_advisory_lock($1, 0) AS locked', [
        SEARCH_PARTITION_MOVER_LOCK_NAMESPACE,
      ])) as Array<{ locked: boolean }>;
      if (!locked) return outcome;
      try {
        for (const partition of await this.partitions.all()) {
          // Only this session moves: a `moving` row is what a failed or dead mover left.
          if (partition.state === 'moving' && (await this.rollBack(runner, partition))) outcome.rolledBack.push(partition.organizationId);
          if (partition.state === 'own' && !partition.live && (await this.drop(runner, partition)))
            outcome.dropped.push(partition.organizationId);
        }
        await this.moveNext(runner, outcome);
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1, 0)', [SEARCH_PARTITION_MOVER_LOCK_NAMESPACE]);
      }
    } finally {
      await runner.release();
    }
    return outcome;
  }

  /** Moves the largest organization past the threshold, unless its last move here failed lately. */
  private async moveNext(runner: QueryRunner, outcome: PartitionPass): Promise<void> {
    const next = this.threshold > 0 ? await this.partitions.nextToMove(this.threshold) : null;
    if (!next || Date.now() - (this.failedAt.get(next.organizationId) ?? 0) < RETRY_AFTER_FAILURE_MS) return;
    if (!(await this.moveIn(runner, next.organizationId))) {
      this.failedAt.set(next.organizationId, Date.now());
      return;
    }
    this.failedAt.delete(next.organizationId);
    outcome.moved = next.organizationId;
    // The moved rows are dead in the shared partition: reclaimed now, not once autovacuum's share
    // (a fifth of the partition) is dead. Blocks no read or write.
    await runner.query(`VACUUM (ANALYZE) ${SHARED_PARTITION}`);
  }

  /** Moves the organization into its own partition; false when it failed or a lock could not be had (rolled back, tried again later). */
  private async moveIn(runner: QueryRunner, organizationId: string): Promise<boolean> {
    const relation = ownPartitionName(organizationId);
    const literal = organizationLiteral(organizationId);
    const exclusion = sharedExclusionName(organizationId);
    const started = Date.now();
    await runner.query(`INSERT INTO search_partitions (organization_id, relation, state) VALUES ($1, $2, 'moving')`, [
      organizationId,
      relation,
    ]);
    // Waits for the organization's indexing statements running now; the next ones leave its entries pending.
    await runner.query('SELECT pg_advisory_lock($1, hashtext($2))', [SEARCH_PARTITION_LOCK_NAMESPACE, organizationId]);
    let moved = false;
    try {
      const rows = await this.copy(runner, organizationId, relation, literal);
      if (
        !(await this.briefly(runner, () =>
          runner.query(`ALTER TABLE ${SHARED_PARTITION} ADD CONSTRAINT "${exclusion}" CHECK (organization_id <> ${literal}) NOT VALID`),
        ))
      ) {
        return false;
      }
      moved = await this.attach(runner, organizationId, relation, literal, exclusion);
      if (!moved) return false;
      const [{ n: stale }] = (await runner.query(
        `WITH gone AS (
           DELETE FROM "${relation}" s WHERE NOT EXISTS (
             SELECT 1 FROM products p WHERE p.organization_id = s.organization_id AND p.product_id = s.product_id)
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
      )) as Array<{ n: number }>;
      this.logger.log(
        `Organization ${organizationId} moved to its own search partition ${relation}: ${rows} rows in ${Date.now() - started} ms` +
          (stale > 0 ? ` (${stale} rows of products deleted meanwhile removed)` : ''),
      );
      return true;
    } catch (error) {
      this.logger.warn(`Moving organization ${organizationId} to its own search partition failed: ${(error as Error).message}`);
      return false;
    } finally {
      if (!moved) await this.rollBack(runner, { organizationId, relation, state: 'moving', attached: false, live: true });
      await runner.query('SELECT pg_advisory_unlock($1, hashtext($2))', [SEARCH_PARTITION_LOCK_NAMESPACE, organizationId]);
      // Its entries listed during the move wait no longer than this.
      void this.indexer.request(organizationId);
    }
  }

  /** Step 2: the rows, in id order (the walk in id order reads them in disk order), then the indexes, the visibility map and the statistics. */
  private async copy(runner: QueryRunner, organizationId: string, relation: string, literal: string): Promise<number> {
    let rows = 0;
    await this.inTransaction(runner, async () => {
      await runner.query(`CREATE TABLE "${relation}" (LIKE product_search INCLUDING DEFAULTS)`);
      await runner.query(`ALTER TABLE "${relation}" ADD CONSTRAINT "${relation}_organization" CHECK (organization_id = ${literal})`);
      [{ n: rows }] = (await runner.query(
        `WITH copied AS (INSERT INTO "${relation}" SELECT * FROM ${SHARED_PARTITION} WHERE organization_id = $1 ORDER BY product_id RETURNING 1)
         SELECT count(*)::int AS n FROM copied`,
        [organizationId],
      )) as Array<{ n: number }>;
      for (const statement of ownPartitionIndexStatements(relation)) await runner.query(statement);
      await runner.query(`UPDATE search_partitions SET products = $2 WHERE organization_id = $1`, [organizationId, rows]);
    });
    // Its visibility map too, not only its statistics: index-only scans (counts) read no heap page from the start.
    await runner.query(`VACUUM (ANALYZE) "${relation}"`);
    return rows;
  }

  /** Step 4, one transaction: the delete and the VALIDATE keep their work while the attach waits its turn (a savepoint per try). */
  private async attach(
    runner: QueryRunner,
    organizationId: string,
    relation: string,
    literal: string,
    exclusion: string,
  ): Promise<boolean> {
    let attached = false;
    await this.inTransaction(runner, async () => {
      await runner.query(`SET LOCAL lock_timeout = ${PATIENT_LOCK_TIMEOUT_MS}`);
      await runner.query(`DELETE FROM ${SHARED_PARTITION} WHERE organization_id = $1`, [organizationId]);
      await runner.query(`ALTER TABLE ${SHARED_PARTITION} VALIDATE CONSTRAINT "${exclusion}"`);
      attached = await this.untilLocked(
        async () => {
          await runner.query('SAVEPOINT attach');
          await runner.query(`SET LOCAL lock_timeout = ${MOVE_LOCK_TIMEOUT_MS}`);
          // The parent too, not only the shared partition ATTACH locks: a statement planned over the
          // partitions of before must not run with a snapshot of after (READ COMMITTED takes a new
          // one to execute), which would find the organization's rows gone from the shared one.
          await runner.query(`LOCK TABLE product_search IN ACCESS EXCLUSIVE MODE`);
          await runner.query(`ALTER TABLE product_search ATTACH PARTITION "${relation}" FOR VALUES IN (${literal})`);
        },
        () => runner.query('ROLLBACK TO SAVEPOINT attach'),
      );
      if (!attached) throw new LockNotHadError();
      await runner.query(`UPDATE search_partitions SET state = 'own', moved_at = now() WHERE organization_id = $1`, [organizationId]);
    }).catch((error: unknown) => {
      if (!(error instanceof LockNotHadError)) throw error;
    });
    return attached;
  }

  /** Undoes a move that did not finish: the CHECK, the table and the row go; the organization stays in the shared partition. */
  private async rollBack(runner: QueryRunner, partition: SearchPartition): Promise<boolean> {
    const exclusion = sharedExclusionName(partition.organizationId);
    if (partition.attached) {
      await runner.query(`UPDATE search_partitions SET state = 'own', moved_at = now() WHERE organization_id = $1`, [
        partition.organizationId,
      ]);
      return false;
    }
    if (!(await this.briefly(runner, () => runner.query(`ALTER TABLE ${SHARED_PARTITION} DROP CONSTRAINT IF EXISTS "${exclusion}"`)))) {
      return false;
    }
    await runner.query(`DROP TABLE IF EXISTS "${partition.relation}"`);
    await runner.query(`DELETE FROM search_partitions WHERE organization_id = $1 AND state = 'moving'`, [partition.organizationId]);
    this.logger.warn(`Unfinished move of organization ${partition.organizationId} to its own search partition rolled back`);
    return true;
  }

  /** A deleted organization's partition (emptied by its deletion) goes, with the shared partition's CHECK for it. */
  private async drop(runner: QueryRunner, partition: SearchPartition): Promise<boolean> {
    const exclusion = sharedExclusionName(partition.organizationId);
    const dropped = await this.briefly(runner, async () => {
      await runner.query(`ALTER TABLE product_search DETACH PARTITION "${partition.relation}"`);
      await runner.query(`ALTER TABLE ${SHARED_PARTITION} DROP CONSTRAINT IF EXISTS "${exclusion}"`);
      await runner.query(`DROP TABLE "${partition.relation}"`);
      await runner.query(`DELETE FROM search_partitions WHERE organization_id = $1`, [partition.organizationId]);
    });
    if (dropped) this.logger.log(`Search partition ${partition.relation} of deleted organization ${partition.organizationId} dropped`);
    return dropped;
  }

  /** Runs `work` in a transaction whose locks wait MOVE_LOCK_TIMEOUT_MS at most, tried LOCK_TRIES times; false if never had. */
  private briefly(runner: QueryRunner, work: () => Promise<unknown>): Promise<boolean> {
    return this.untilLocked(
      () =>
        this.inTransaction(runner, async () => {
          await runner.query(`SET LOCAL lock_timeout = ${MOVE_LOCK_TIMEOUT_MS}`);
          await work();
        }),
      () => Promise.resolve(),
    );
  }

  /**
   * Tries `attempt` (which bounds its own lock waits) up to LOCK_TRIES times, running `lost` after
   * each try a lock timeout ended and resting a little longer each time; false if no try got its locks.
   */
  private async untilLocked(attempt: () => Promise<void>, lost: () => Promise<unknown>): Promise<boolean> {
    for (let tries = 1; tries <= LOCK_TRIES; tries++) {
      try {
        await attempt();
        return true;
      } catch (error) {
        if (postgresErrorCode(error) !== POSTGRES_ERROR.lockNotAvailable) throw error;
        await lost();
        await sleep(MOVE_LOCK_TIMEOUT_MS * Math.min(tries, 5));
      }
    }
    return false;
  }

  private async inTransaction(runner: QueryRunner, work: () => Promise<void>): Promise<void> {
    await runner.startTransaction();
    try {
      await work();
      await runner.commitTransaction();
    } catch (error) {
      await runner.rollbackTransaction();
      throw error;
    }
  }
}

/** The attach's lock was not had within its tries: the move rolls back and waits for a later pass. */
class LockNotHadError extends Error {}
