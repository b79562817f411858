import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsService } from '../../common/metrics/metrics.service';

/** The auth_credentials_* metrics of this process (only the API listens for credential changes). */
@Injectable()
export class CredentialsMetricsService {
  readonly listenerUp: Gauge;

  constructor(metrics: MetricsService) {
    this.listenerUp = new Gauge({
      name: 'auth_credentials_listener_up',
      help: '1 while this process listens for token/account changes; 0 means cached tokens are trusted up to TOKEN_CACHE_TTL_MS',
      registers: [metrics.registry],
    });
  }
}
