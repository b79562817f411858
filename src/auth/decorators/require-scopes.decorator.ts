import { applyDecorators, SetMetadata, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { BoundedReadInterceptor } from '../../reads/bounded-read.interceptor';
import { ReplicaFenceInterceptor } from '../../database/replicas/replica-fence.interceptor';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { ERROR_EXAMPLES } from '../../openapi/error-examples';
import { SECURITY_SCHEME } from '../../openapi/security-scheme';
import { AUTH_ERRORS, missingScopeExample } from '../auth-error-examples';
import { AccountThrottlerGuard } from '../guards/account-throttler.guard';
import { BasicAuthGuard } from '../guards/basic-auth.guard';
import { CrossSiteWriteGuard } from '../guards/cross-site-write.guard';
import { REQUIRED_SCOPES, ScopesGuard } from '../guards/scopes.guard';
import type { Scope } from '../scopes';

/** A route that needs nothing beyond the read scope only reads; any other scope means it writes. */
const READ_SCOPE: Scope = 'accounts--my:ro';

/**
 * Authenticates with a personal access token and requires the given scopes — one line per route.
 * A read route is also bounded (BoundedReadInterceptor: reads in flight, read timeout, answer
 * size); a write route refuses cross-site browser requests first (CrossSiteWriteGuard), and once
 * it succeeded keeps the organization's replica reads behind it (ReplicaFenceInterceptor).
 * Also documents the errors every such route can answer (its own go in `@ApiErrors`).
 */
export function RequireScopes(...scopes: Scope[]): MethodDecorator & ClassDecorator {
  const { authentication, authorization, rate_limited } = AUTH_ERRORS;
  const { internal, unavailable, validation } = ERROR_EXAMPLES;
  const reads = scopes.every((scope) => scope === READ_SCOPE);
  const common = [
    SetMetadata(REQUIRED_SCOPES, scopes),
    ApiSecurity(SECURITY_SCHEME),
    ApiErrors(
      authentication.invalidCredentials,
      missingScopeExample(scopes),
      rate_limited.account,
      rate_limited.failedAuthentications,
      rate_limited.unknownCredentials,
      internal.unexpected,
      unavailable.backingService,
    ),
  ];
  if (reads) {
    return applyDecorators(
      ...common,
      UseGuards(BasicAuthGuard, ScopesGuard, AccountThrottlerGuard),
      UseInterceptors(BoundedReadInterceptor),
      ApiErrors(ERROR_EXAMPLES.rate_limited.readsInFlight, unavailable.readTimeout, validation.answerTooLarge),
    );
  }
  return applyDecorators(
    ...common,
    UseGuards(CrossSiteWriteGuard, BasicAuthGuard, ScopesGuard, AccountThrottlerGuard),
    UseInterceptors(ReplicaFenceInterceptor),
    ApiErrors(authorization.crossSite),
  );
}
