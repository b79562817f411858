import { Global, Module } from '@nestjs/common';
import { HttpMetrics } from './http-metrics';
import { MetricsService } from './metrics.service';

@Global()
@Module({ providers: [MetricsService, HttpMetrics], exports: [MetricsService, HttpMetrics] })
export class MetricsModule {}
