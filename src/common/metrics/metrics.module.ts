import { Global, Module } from '@nestjs/common';
import { HttpMetricsService } from './http-metrics.service';
import { MetricsService } from './metrics.service';

@Global()
@Module({ providers: [MetricsService, HttpMetricsService], exports: [MetricsService, HttpMetricsService] })
export class MetricsModule {}
