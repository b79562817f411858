import { Module } from '@nestjs/common';
import { AuthModule } from '../auth.module';
import { CredentialsListener } from './credentials-listener.service';

/** Only the HTTP application listens for credential changes (not the CLI, which sends them). */
@Module({ imports: [AuthModule], providers: [CredentialsListener], exports: [CredentialsListener] })
export class CredentialsListenerModule {}
