import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsService } from '../../common/metrics/metrics.service';

/** The uploads_* metrics of this process, read from the upload slots at scrape time. */
@Injectable()
export class UploadMetricsService {
  readonly inProgress: Gauge;
  private slots: { readonly inProgress: number } = { inProgress: 0 };

  constructor(metrics: MetricsService) {
    const read = () => this.slots.inProgress;
    this.inProgress = new Gauge({
      name: 'uploads_in_progress',
      help: 'Uploads this process is streaming into PostgreSQL now',
      registers: [metrics.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** The slots whose uploads in progress the gauge reports. */
  observe(slots: { readonly inProgress: number }): void {
    this.slots = slots;
  }
}
