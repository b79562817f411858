import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { JobsModule } from '../jobs/jobs.module';
import { HealthController } from './health.controller';
import { MetricsController } from './metrics.controller';
import { RedisHealthIndicator } from './redis.health';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), JobsModule],
  controllers: [HealthController, MetricsController],
  providers: [RedisHealthIndicator],
})
export class HealthModule {}
