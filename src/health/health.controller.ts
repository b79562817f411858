import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { UnavailableError } from '../common/errors/api-error';
import { ErrorResponse } from '../common/errors/error-response.dto';
import { RedisHealthIndicator } from './redis.health';

/** Operational probes, outside /v1 and without auth. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
  ) {}

  @Get('live')
  @ApiOperation({ operationId: 'health-live', summary: 'Liveness: the process answers' })
  @ApiOkResponse({ description: 'Alive', schema: { example: { status: 'ok' } } })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  @ApiOperation({ operationId: 'health-ready', summary: 'Readiness: PostgreSQL and Redis answer' })
  @ApiOkResponse({ description: 'Ready', schema: { example: { status: 'ok', info: { postgres: { status: 'up' }, redis: { status: 'up' } } } } })
  @ApiServiceUnavailableResponse({ type: ErrorResponse, description: 'PostgreSQL or Redis is not answering' })
  async ready() {
    try {
      return await this.health.check([
        () => this.database.pingCheck('postgres', { timeout: 1_500 }),
        () => this.redis.pingCheck('redis'),
      ]);
    } catch (error) {
      const details = (error as { response?: { error?: Record<string, unknown> } }).response?.error ?? {};
      throw new UnavailableError(`Not ready: ${Object.keys(details).join(', ') || 'a dependency'} down`);
    }
  }
}
