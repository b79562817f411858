import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../common/config/app-config';
import { QueueNamespace } from '../database/queue-namespace';
import { QueueNamespaceModule } from '../database/queue-namespace.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthAdminService } from './auth-admin.service';
import { CredentialsAnnouncerService } from './invalidation/credentials-announcer.service';
import { Account } from './entities/account.entity';
import { Organization } from './entities/organization.entity';
import { PersonalAccessToken } from './entities/personal-access-token.entity';
import { AccountThrottlerGuard } from './guards/account-throttler.guard';
import { AccountRateLimitService } from './rate-limit/account-rate-limit.service';
import { FailedAuthLimiter } from './rate-limit/failed-auth-limiter';
import { RateLimitMetrics } from './rate-limit/rate-limit-metrics';
import { RedisThrottlerStorage } from './rate-limit/redis-throttler-storage';
import { UnknownLookupBudget } from './rate-limit/unknown-lookup-budget';
import { MetricsService } from '../common/metrics/metrics.service';
import { BasicAuthGuard } from './guards/basic-auth.guard';
import { ScopesGuard } from './guards/scopes.guard';
import { AccountRepository } from './repositories/account.repository';
import { OrganizationRepository } from './repositories/organization.repository';
import { TokenRepository } from './repositories/token.repository';
import { BasicStrategy } from './strategies/basic.strategy';
import { TokenVerifierService } from './token-verifier.service';

@Module({
  imports: [
    PassportModule,
    TypeOrmModule.forFeature([Organization, Account, PersonalAccessToken]),
    ThrottlerModule.forRootAsync({
      // The deployment's namespace keeps two deployments on one Redis from sharing counters.
      imports: [QueueNamespaceModule],
      // MetricsService is absent from the admin CLI's module.
      inject: [AppConfig, QueueNamespace, { token: MetricsService, optional: true }],
      useFactory: (config: AppConfig, namespace: QueueNamespace, metrics?: MetricsService) => ({
        throttlers: [{ ttl: 60_000, limit: config.rateLimitPerMinute }],
        storage: new RedisThrottlerStorage(
          config.redisUrl,
          `${namespace.prefix}:rate-limit:`,
          metrics && new RateLimitMetrics(metrics.registry),
        ),
      }),
    }),
  ],
  providers: [
    OrganizationRepository,
    AccountRepository,
    TokenRepository,
    TokenVerifierService,
    BasicStrategy,
    {
      provide: FailedAuthLimiter,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new FailedAuthLimiter(config.authFailuresPerMinute),
    },
    {
      provide: UnknownLookupBudget,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new UnknownLookupBudget(config.authUnknownLookupsPerMinute),
    },
    BasicAuthGuard,
    ScopesGuard,
    AccountThrottlerGuard,
    AccountRateLimitService,
    CredentialsAnnouncerService,
    AuthAdminService,
  ],
  exports: [
    AuthAdminService,
    FailedAuthLimiter,
    UnknownLookupBudget,
    TokenVerifierService,
    BasicAuthGuard,
    ScopesGuard,
    AccountThrottlerGuard,
    AccountRateLimitService,
    ThrottlerModule,
  ],
})
export class AuthModule {}
