import { Module } from '@nestjs/common';
import { AuthModule } from '../auth.module';
import { CredentialsListener } from './credentials-listener.service';
import { CredentialsMetrics } from './credentials-metrics';

/** Only the HTTP application listens for credential changes (not the CLI, which sends them). */
@Module({ imports: [AuthModule], providers: [CredentialsListener, CredentialsMetrics], exports: [CredentialsListener] })
export class CredentialsListenerModule {}
