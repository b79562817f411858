import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { QueueNamespaceModule } from '../database/queue-namespace.module';
import { ImportJobsModule } from '../imports/import-jobs.module';
import { HealthController } from './health.controller';
import { ReadinessService } from './readiness.service';
import { RedisHealthIndicator } from './redis.health';

/** The public probes; /metrics and the full readiness report are on METRICS_PORT (operations-endpoint.ts). */
@Module({
  imports: [TerminusModule.forRoot({ logger: false }), QueueNamespaceModule, ImportJobsModule],
  controllers: [HealthController],
  providers: [RedisHealthIndicator, ReadinessService],
  exports: [ReadinessService],
})
export class HealthModule {}
