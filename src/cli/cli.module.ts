import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../common/config/app-config';
import { ConfigModule } from '../common/config/config.module';
import { DatabaseModule } from '../database/database.module';
import { AuthModule } from '../auth/auth.module';

/** Just enough of the application for the admin CLI: config, database, auth. */
@Module({})
export class CliModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return { module: CliModule, imports: [ConfigModule.forRoot(config), DatabaseModule, AuthModule] };
  }
}
