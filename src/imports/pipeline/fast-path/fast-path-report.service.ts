import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ImportMetricsService } from '../../queue/import-metrics.service';
import { FAST_PATH_STATUS, type FastPathStatus } from './fast-path';

/** Injection token of the fast path's status (a spec or test may provide a drifted one). */
export const FAST_PATH_STATUS_TOKEN = Symbol('FAST_PATH_STATUS');

export const fastPathStatusProvider = { provide: FAST_PATH_STATUS_TOKEN, useValue: FAST_PATH_STATUS };

/**
 * Says at boot, in import_fast_path_enabled and in the full readiness report whether the fast
 * product check runs. Off means ProductDto and the fast rules drifted apart: imports stay correct
 * (every product takes the reference path) but slower, so readiness stays ok.
 */
@Injectable()
export class FastPathReportService implements OnModuleInit {
  private readonly logger = new Logger(FastPathReportService.name);

  constructor(
    @Inject(FAST_PATH_STATUS_TOKEN) private readonly status: FastPathStatus,
    private readonly metrics: ImportMetricsService,
  ) {}

  onModuleInit(): void {
    this.metrics.fastPathEnabled.set(this.status.enabled ? 1 : 0);
    if (!this.status.enabled) {
      this.logger.warn(`Fast product check off, imports take the reference path: ${this.status.drift.join('; ')}`);
    }
  }

  /** For the readiness report: `reason` lists the drift when the fast path is off. */
  readiness(): { enabled: boolean; reason?: string[] } {
    return this.status.enabled ? { enabled: true } : { enabled: false, reason: [...this.status.drift] };
  }
}
