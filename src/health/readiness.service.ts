import { Injectable, Optional } from '@nestjs/common';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { QueueNamespace } from '../database/queue-namespace';
import { ReplicaRouterService } from '../database/replicas/replica-router.service';
import { ImportHealthService } from '../imports/import-health.service';
import { RedisHealthIndicator } from './redis.health';

export interface ReadinessReport {
  /** terminus' status: 'ok' when every dependency answered. */
  status: string;
  /** Each dependency's state (terminus' shape: info, error, details). */
  [key: string]: unknown;
}

/**
 * Whether PostgreSQL and Redis answer, with details, the queue this process serves, whether the
 * import's fast path is on, and the read replicas' state. The full report goes to the metrics port only (it names dependencies
 * and the deployment's queue prefix); the public probe answers just ok or 503.
 */
@Injectable()
export class ReadinessService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly namespace: QueueNamespace,
    private readonly imports: ImportHealthService,
    @Optional() private readonly replicas?: ReplicaRouterService,
  ) {}

  async report(): Promise<ReadinessReport> {
    const { prefix, deploymentId, source } = this.namespace;
    // Which queue this process serves: deployments sharing one Redis must show different prefixes.
    const queue = { prefix, prefix_source: source, deployment_id: deploymentId };
    // A fast path that is off slows imports down but fails nothing: reported, never a reason for 503.
    const fastPath = this.imports.fastPathReadiness();
    // Likewise a replica down or lagging: its reads go to the primary (DATABASE_REPLICA_URLS).
    const extra = { queue, fast_path: fastPath, replicas: this.replicas?.readiness() ?? [] };
    try {
      const result = await this.health.check([
        () => this.database.pingCheck('postgres', { timeout: 1_500 }),
        () => this.redis.pingCheck('redis'),
      ]);
      return { ...result, ...extra };
    } catch (error) {
      const response = (error as { response?: Record<string, unknown> }).response ?? {};
      return { ...response, status: 'error', ...extra };
    }
  }
}
