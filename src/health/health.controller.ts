import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { UnavailableError } from '../common/errors/api-error';
import { QueueNamespace } from '../database/queue-namespace';
import { RedisHealthIndicator } from './redis.health';

/** Operational probes, outside /v1 and without auth. */
@ApiExcludeController() // outside {base_url}: not part of the API document
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly namespace: QueueNamespace,
  ) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  async ready() {
    try {
      const result = await this.health.check([
        () => this.database.pingCheck('postgres', { timeout: 1_500 }),
        () => this.redis.pingCheck('redis'),
      ]);
      // Which queue this process serves: deployments sharing one Redis must show different prefixes.
      const { prefix, deploymentId, source } = this.namespace;
      return { ...result, queue: { prefix, prefix_source: source, deployment_id: deploymentId } };
    } catch (error) {
      const details = (error as { response?: { error?: Record<string, unknown> } }).response?.error ?? {};
      throw new UnavailableError(`Not ready: ${Object.keys(details).join(', ') || 'a dependency'} down`);
    }
  }
}
