import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { UnavailableError } from '../common/errors/api-error';
import { ReadinessService } from './readiness.service';

/**
 * Operational probes, outside /v1 and without auth. The public readiness answer says only ok or
 * not: which dependency is down and the queue namespace are on the metrics port.
 */
@ApiExcludeController() // outside {base_url}: not part of the API document
@Controller('health')
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(): Promise<{ status: 'ok' }> {
    if ((await this.readiness.report()).status !== 'ok') throw new UnavailableError('Not ready');
    return { status: 'ok' };
  }
}
