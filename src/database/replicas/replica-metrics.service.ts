import { Injectable } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { MetricsService } from '../../common/metrics/metrics.service';

/** The replica_* and database_reads_total metrics of this process (API processes route reads). */
@Injectable()
export class ReplicaMetricsService {
  readonly lag: Gauge<'replica'>;
  readonly up: Gauge<'replica'>;
  readonly reads: Counter<'target'>;
  readonly fallbacks: Counter<'reason'>;
  readonly fenceErrors: Counter<'operation'>;

  constructor(metrics: MetricsService) {
    const registers = [metrics.registry];
    this.lag = new Gauge({
      name: 'replica_lag_seconds',
      help: "How far the replica's replay is behind the primary, at the last probe (age of the oldest primary WAL position it has not replayed)",
      labelNames: ['replica'] as const,
      registers,
    });
    this.up = new Gauge({
      name: 'replica_up',
      help: '1 when the last probe of the replica succeeded and no connection to it failed since',
      labelNames: ['replica'] as const,
      registers,
    });
    this.reads = new Counter({
      name: 'database_reads_total',
      help: 'Replica-eligible reads (searches, facets, product reads, UCP, MCP catalog tools) by the database that served them: primary or a replica',
      labelNames: ['target'] as const,
      registers,
    });
    this.fallbacks = new Counter({
      name: 'replica_fallbacks_total',
      help: 'Replica-eligible reads served by the primary, by reason (down, lagging, behind_write, write_in_progress, fence_unknown, connect_failed)',
      labelNames: ['reason'] as const,
      registers,
    });
    this.fenceErrors = new Counter({
      name: 'replica_fence_errors_total',
      help: 'Failures to record (advance, pin) or read (check) an organization’s replica fence in Redis; a failed check sends the read to the primary',
      labelNames: ['operation'] as const,
      registers,
    });
  }
}
