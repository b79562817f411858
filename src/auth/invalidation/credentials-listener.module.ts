import { Module } from '@nestjs/common';
import { AuthModule } from '../auth.module';
import { CredentialsListenerService } from './credentials-listener.service';
import { CredentialsMetricsService } from './credentials-metrics.service';

/** Only the HTTP application listens for credential changes (not the CLI, which sends them). */
@Module({
  imports: [AuthModule],
  providers: [CredentialsListenerService, CredentialsMetricsService],
  exports: [CredentialsListenerService],
})
export class CredentialsListenerModule {}
