import { Module } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ServiceIdentityRepository } from './service-identity.repository';
import { QueueNamespace } from './queue-namespace';

/**
 * Provides QueueNamespace. Its factory reads service_identity through the DataSource, whose own
 * factory has already created and migrated the database: anything that injects QueueNamespace
 * (Bull's root options, health, rate-limit storage) is configured after migrations, never before.
 */
@Module({
  providers: [
    ServiceIdentityRepository,
    {
      provide: QueueNamespace,
      inject: [AppConfig, ServiceIdentityRepository],
      useFactory: async (config: AppConfig, identity: ServiceIdentityRepository) =>
        QueueNamespace.resolve(config.queuePrefixOverride, await identity.deploymentId()),
    },
  ],
  exports: [QueueNamespace],
})
export class QueueNamespaceModule {}
