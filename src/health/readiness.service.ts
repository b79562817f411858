import { Injectable } from '@nestjs/common';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { QueueNamespace } from '../database/queue-namespace';
import { RedisHealthIndicator } from './redis.health';

export interface ReadinessReport {
  /** terminus' status: 'ok' when every dependency answered. */
  status: string;
  /** Each dependency's state (terminus' shape: info, error, details). */
  [key: string]: unknown;
}

/**
 * Whether PostgreSQL and Redis answer, with details and the queue this process serves. The full
 * report goes to the metrics port only (it names dependencies and the deployment's queue prefix);
 * the public probe answers just ok or 503.
 */
@Injectable()
export class ReadinessService {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly namespace: QueueNamespace,
  ) {}

  async report(): Promise<ReadinessReport> {
    const { prefix, deploymentId, source } = this.namespace;
    // Which queue this process serves: deployments sharing one Redis must show different prefixes.
    const queue = { prefix, prefix_source: source, deployment_id: deploymentId };
    try {
      const result = await this.health.check([
        () => this.database.pingCheck('postgres', { timeout: 1_500 }),
        () => this.redis.pingCheck('redis'),
      ]);
      return { ...result, queue };
    } catch (error) {
      const response = (error as { response?: Record<string, unknown> }).response ?? {};
      return { ...response, status: 'error', queue };
    }
  }
}
