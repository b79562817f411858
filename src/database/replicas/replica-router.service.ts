import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import { DataSource, type QueryRunner } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { AppConfig } from '../../common/config/app-config';
import { poolSize } from '../pool-size';
import { ReadScopedDataSource } from '../read-scope/read-scoped-data-source';
import { PrimaryPositions } from './primary-positions';
import { ON_REPLICA } from './replica-read';
import { chooseReplica, type ReplicaHealth } from './replica-choice';
import { currentWalPosition, ReplicaFencesService } from './replica-fences.service';
import { ReplicaMetricsService } from './replica-metrics.service';
import type { ReplicaRead, ReplicaReads } from './replica-read';
import { replicaName } from './replica-name';

/** A replica that does not accept a connection within this is skipped (and marked down) for the read. */
const CONNECT_TIMEOUT_MS = 2_000;

interface Replica {
  name: string;
  /** The reads' connections. */
  pool: Pool;
  /** One connection for probes, so a busy read pool never makes a replica look down. */
  probe: Pool;
  health: ReplicaHealth;
  /** The state last logged, so a replica that stays down is logged once. */
  logged?: 'up' | 'down';
}

type Connection = [PoolClient, (error?: Error | boolean) => void];

/**
 * Where a replica-eligible read (ReadScope with `replica`) gets its connection: at its first query,
 * the organization's fence is read (ReplicaFencesService), then the replicas are tried in turn (round
 * robin) among those up, within REPLICA_MAX_LAG_MS and replayed past the fence; a refused
 * connection marks that replica down and tries the next; with none left the read runs on the
 * primary's pool, as without replicas. Every REPLICA_PROBE_INTERVAL_MS the primary's WAL position
 * and each replica's replay position are sampled (PrimaryPositions gives the lag in ms); a probe
 * that succeeds brings a replica that was down back. Reads of other scopes, and every write, never
 * come here. Inactive when DATABASE_REPLICA_URLS is empty.
 */
@Injectable()
export class ReplicaRouterService implements ReplicaReads, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ReplicaRouterService.name);
  private readonly replicas: Replica[] = [];
  private readonly positions: PrimaryPositions;
  private timer?: NodeJS.Timeout;
  private probing?: Promise<void>;
  private turn = 0;

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly fences: ReplicaFencesService,
    private readonly metrics: ReplicaMetricsService,
  ) {
    const { maxLagMs, probeIntervalMs } = config.replicas;
    this.positions = new PrimaryPositions(2 * maxLagMs + 2 * probeIntervalMs);
  }

  onModuleInit(): void {
    const { urls, probeIntervalMs } = this.config.replicas;
    if (urls.length === 0) return;
    if (!(this.dataSource instanceof ReadScopedDataSource)) throw new Error('ReplicaRouterService needs the service DataSource');
    const names = new Set<string>();
    for (const url of urls) {
      const name = replicaName(url, names);
      names.add(name);
      const health: ReplicaHealth = { up: false, replayedLsn: null, lagMs: null };
      // A probe that cannot answer within two intervals counts as failed (a host gone silent).
      const probeTimeoutMs = Math.max(1_000, 2 * probeIntervalMs);
      const replica: Replica = { name, pool: this.pool(url, poolSize(this.config)), probe: this.pool(url, 1, probeTimeoutMs), health };
      replica.pool.on('error', (error) => this.markDown(replica, error));
      replica.probe.on('error', (error) => this.markDown(replica, error));
      this.metrics.up.set({ replica: name }, 0);
      this.replicas.push(replica);
    }
    this.dataSource.replicaReads = this;
    // Reads go to the primary until the first probe has measured the replicas.
    void this.probeOnce();
    this.timer = setInterval(() => void this.probeOnce(), probeIntervalMs);
    this.timer.unref();
    this.logger.log(
      `Reads of searches, facets, products, UCP and MCP catalog tools may use ${urls.length} replica(s): ${[...names].join(', ')}`,
    );
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.probing;
    if (this.dataSource instanceof ReadScopedDataSource) this.dataSource.replicaReads = undefined;
    await Promise.all(this.replicas.flatMap((replica) => [replica.pool.end(), replica.probe.end()]));
  }

  /** What the router knows of each replica now. */
  health(): Array<{ name: string } & ReplicaHealth> {
    return this.replicas.map(({ name, health }) => ({ name, ...health }));
  }

  /** The same for the full readiness report (JSON: positions as text). */
  readiness(): Array<{ name: string; up: boolean; lag_ms: number | null; replayed_lsn: string | null }> {
    return this.health().map(({ name, up, lagMs, replayedLsn }) => ({
      name,
      up,
      lag_ms: lagMs,
      replayed_lsn: replayedLsn?.toString() ?? null,
    }));
  }

  queryRunner(read: ReplicaRead): QueryRunner {
    const driver = this.dataSource.driver as PostgresDriver;
    // The runner is TypeORM's own; only where its connection comes from differs.
    const routed = Object.create(driver, { obtainMasterConnection: { value: () => this.connect(driver, read) } }) as PostgresDriver;
    return routed.createQueryRunner('master');
  }

  /** Samples the primary then every replica; one round at a time. */
  probeOnce(): Promise<void> {
    this.probing ??= this.probeAll().finally(() => (this.probing = undefined));
    return this.probing;
  }

  private async connect(driver: PostgresDriver, read: ReplicaRead): Promise<Connection> {
    const fence = await this.fences.check(read.organizationId);
    const { maxLagMs } = this.config.replicas;
    let choice = chooseReplica(this.healths(), fence, maxLagMs, this.turn++);
    while ('index' in choice) {
      const replica = this.replicas[choice.index];
      try {
        const client = await replica.pool.connect();
        Object.assign(client, { [ON_REPLICA]: true });
        this.metrics.reads.inc({ target: replica.name });
        return [client, (error) => client.release(error)];
      } catch (error) {
        this.markDown(replica, error as Error);
        const next = chooseReplica(this.healths(), fence, maxLagMs, choice.index + 1);
        choice = 'index' in next ? next : { reason: 'connect_failed' };
      }
    }
    this.metrics.fallbacks.inc({ reason: choice.reason });
    this.metrics.reads.inc({ target: 'primary' });
    return (await driver.obtainMasterConnection()) as Connection;
  }

  private healths(): ReplicaHealth[] {
    return this.replicas.map((replica) => replica.health);
  }

  private async probeAll(): Promise<void> {
    try {
      this.positions.record(Date.now(), await currentWalPosition(this.dataSource));
    } catch {
      // The primary is down: replicas are judged against the positions sampled before.
    }
    await Promise.all(this.replicas.map((replica) => this.probeReplica(replica)));
  }

  private async probeReplica(replica: Replica): Promise<void> {
    try {
      const { rows } = await replica.probe.query<{ lsn: string | null }>(`SELECT (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::text AS lsn`);
      const lsn = rows[0]?.lsn;
      if (lsn === null || lsn === undefined) throw new Error('not a standby: pg_last_wal_replay_lsn() is null');
      const replayedLsn = BigInt(lsn);
      const lagMs = this.positions.lagMs(replayedLsn, Date.now());
      if (replica.logged !== 'up') this.logger.log(`Replica ${replica.name} is serving reads (replay ${lagMs ?? '?'} ms behind)`);
      replica.logged = 'up';
      replica.health = { up: true, replayedLsn, lagMs };
      this.metrics.up.set({ replica: replica.name }, 1);
      if (lagMs !== null) this.metrics.lag.set({ replica: replica.name }, lagMs / 1000);
    } catch (error) {
      this.markDown(replica, error as Error);
    }
  }

  private markDown(replica: Replica, error: Error): void {
    if (replica.logged !== 'down') this.logger.warn(`Replica ${replica.name} skipped until a probe succeeds: ${error.message}`);
    replica.logged = 'down';
    replica.health = { ...replica.health, up: false };
    this.metrics.up.set({ replica: replica.name }, 0);
  }

  /** `queryTimeoutMs`: the client gives up on an answer after this (the server's timeouts cannot fire on a host gone silent). */
  private pool(url: string, max: number, queryTimeoutMs?: number): Pool {
    const { database } = this.config;
    const config: PoolConfig = {
      connectionString: url,
      max,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // The primary pool's session settings (data-source-options.ts), so a read behaves the same on either.
      statement_timeout: database.statementTimeoutMs || undefined,
      idle_in_transaction_session_timeout: database.idleInTransactionTimeoutMs || undefined,
      options: '-c jit=off',
      keepAlive: true,
      query_timeout: queryTimeoutMs ?? (database.statementTimeoutMs > 0 ? database.statementTimeoutMs + 5_000 : undefined),
    };
    return new Pool(config);
  }
}
