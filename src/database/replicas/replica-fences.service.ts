import { Injectable, Logger, Optional, type OnModuleDestroy } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../common/config/app-config';
import { QueueNamespace } from '../queue-namespace';
import type { ReadFence } from './replica-choice';
import { ReplicaMetricsService } from './replica-metrics.service';

/** Keeps the larger of the stored and the given WAL position (decimal bytes), and refreshes the expiry. */
const ADVANCE = `
local stored = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > stored then redis.call('SET', KEYS[1], ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
if ARGV[3] ~= '' then redis.call('ZREM', KEYS[2], ARGV[3]) end
return 1`;

/** The stored position and the pins still in force (deadline after now). */
const CHECK = `
local lsn = redis.call('GET', KEYS[1]) or '0'
local pins = redis.call('ZCOUNT', KEYS[2], ARGV[1], '+inf')
return {lsn, pins}`;

const COMMAND_TIMEOUT_MS = 500;
/** Redis statuses in which a command would only wait in the offline queue: fail at once instead. */
const UNREACHABLE = new Set(['reconnecting', 'close', 'end']);
/** A pin a crashed process never removed stops counting after this. */
const PIN_DEADLINE_MS = 5 * 60_000;

/**
 * Per organization, what a replica must have replayed before it may serve that organization's
 * reads (its "fence"): the primary's WAL position just after the organization's last write that
 * readers must see, kept in Redis so every API and worker process shares it. While a write that
 * must be seen at once is committing (an import's last transaction) the organization is "pinned":
 * its reads go to the primary until the write's position is recorded. A fence is kept only as long
 * as a replica within REPLICA_MAX_LAG_MS could still lack it. Inactive (every call returns at
 * once) unless REPLICA_FENCES (by default on with DATABASE_REPLICA_URLS). A failure to read the fence sends the read to the
 * primary; a failure to record one is logged and counted (the write itself has committed).
 */
@Injectable()
export class ReplicaFencesService implements OnModuleDestroy {
  private readonly logger = new Logger(ReplicaFencesService.name);
  private redis?: Redis;
  private readonly keepMs: number;

  constructor(
    private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly namespace: QueueNamespace,
    @Optional() private readonly metrics?: ReplicaMetricsService,
  ) {
    const { maxLagMs, probeIntervalMs } = config.replicas;
    // Past this, a replica within the lag bound has replayed the fence (lag is measured per probe).
    this.keepMs = Math.max(60_000, 4 * (maxLagMs + probeIntervalMs));
  }

  get enabled(): boolean {
    return this.config.replicas.fences;
  }

  /** Records that the organization's reads must see everything the primary has committed so far. */
  async advance(organizationId: string): Promise<void> {
    if (!this.enabled) return;
    await this.record(organizationId, '').catch((error: Error) => this.failed('advance', organizationId, error));
  }

  /** Runs `write` with the organization's reads pinned to the primary, then records its position. */
  async around<T>(organizationId: string, write: () => Promise<T>): Promise<T> {
    if (!this.enabled) return write();
    const pin = randomUUID();
    await this.pin(organizationId, pin).catch((error: Error) => this.failed('pin', organizationId, error));
    try {
      return await write();
    } finally {
      await this.record(organizationId, pin).catch((error: Error) => this.failed('advance', organizationId, error));
    }
  }

  /** What a read of the organization needs of a replica. */
  async check(organizationId: string): Promise<ReadFence> {
    try {
      const [lsn, pins] = (await this.client().eval(CHECK, 2, this.lsnKey(organizationId), this.pinsKey(organizationId), Date.now())) as [
        string,
        number,
      ];
      return pins > 0 ? { primary: 'write_in_progress' } : { lsn: BigInt(lsn) };
    } catch {
      this.metrics?.fenceErrors.inc({ operation: 'check' });
      return { primary: 'fence_unknown' };
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.redis?.disconnect();
  }

  private async pin(organizationId: string, pin: string): Promise<void> {
    const key = this.pinsKey(organizationId);
    await this.client()
      .multi()
      .zadd(key, Date.now() + PIN_DEADLINE_MS, pin)
      .pexpire(key, PIN_DEADLINE_MS)
      .exec();
  }

  private async record(organizationId: string, pin: string): Promise<void> {
    const lsn = await currentWalPosition(this.dataSource);
    await this.client().eval(ADVANCE, 2, this.lsnKey(organizationId), this.pinsKey(organizationId), lsn.toString(), this.keepMs, pin);
  }

  private failed(operation: string, organizationId: string, error: Error): void {
    this.metrics?.fenceErrors.inc({ operation });
    this.logger.warn(`Replica fence ${operation} for organization ${organizationId} failed: ${error.message}`);
  }

  private lsnKey(organizationId: string): string {
    return `${this.namespace.prefix}:replica-fence:${organizationId}`;
  }

  private pinsKey(organizationId: string): string {
    return `${this.namespace.prefix}:replica-pins:${organizationId}`;
  }

  private client(): Redis {
    if (!this.redis) {
      this.redis = new Redis(this.config.redisUrl, { lazyConnect: true, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
      this.redis.on('error', () => undefined); // reported through failed commands
    }
    if (UNREACHABLE.has(this.redis.status)) throw new Error(`Redis ${this.redis.status}`);
    return this.redis;
  }
}

/** The primary's current WAL position in bytes (pg_lsn minus 0/0). */
export async function currentWalPosition(dataSource: DataSource): Promise<bigint> {
  const rows: Array<{ lsn: string }> = await dataSource.query(`SELECT (pg_current_wal_lsn() - '0/0'::pg_lsn)::text AS lsn`);
  return BigInt(rows[0].lsn);
}
