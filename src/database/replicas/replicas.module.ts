import { Global, Module } from '@nestjs/common';
import { QueueNamespaceModule } from '../queue-namespace.module';
import { ReplicaFenceInterceptor } from './replica-fence.interceptor';
import { ReplicaFencesService } from './replica-fences.service';
import { ReplicaMetricsService } from './replica-metrics.service';
import { ReplicaRouterService } from './replica-router.service';

/**
 * Streaming replicas for reads (DATABASE_REPLICA_URLS): the router that gives replica-eligible
 * reads their connection, and the fences (in Redis) that keep a client's reads behind its writes.
 * The API imports all of it; the worker only records fences (ReplicaFencesModule).
 */
@Global()
@Module({
  imports: [QueueNamespaceModule],
  providers: [ReplicaMetricsService, ReplicaFencesService, ReplicaRouterService, ReplicaFenceInterceptor],
  exports: [ReplicaFencesService, ReplicaRouterService, ReplicaFenceInterceptor],
})
export class ReplicasModule {}

/** The worker's part: recording fences when an import ends and when its products become searchable. */
@Global()
@Module({
  imports: [QueueNamespaceModule],
  providers: [ReplicaMetricsService, ReplicaFencesService],
  exports: [ReplicaFencesService],
})
export class ReplicaFencesModule {}
