import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiSecurity } from '@nestjs/swagger';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { ERROR_EXAMPLES, missingScopeExample } from '../../openapi/error-examples';
import { AccountThrottlerGuard } from '../guards/account-throttler.guard';
import { BasicAuthGuard } from '../guards/basic-auth.guard';
import { REQUIRED_SCOPES, ScopesGuard } from '../guards/scopes.guard';
import type { Scope } from '../scopes';

export const SECURITY_SCHEME = 'PersonalAccessToken';

/**
 * Authenticates with a personal access token and requires the given scopes — one line per route.
 * Also documents the errors every such route can answer (its own go in `@ApiErrors`).
 */
export function RequireScopes(...scopes: Scope[]): MethodDecorator & ClassDecorator {
  const { authentication, rate_limited, internal, unavailable } = ERROR_EXAMPLES;
  return applyDecorators(
    SetMetadata(REQUIRED_SCOPES, scopes),
    UseGuards(BasicAuthGuard, ScopesGuard, AccountThrottlerGuard),
    ApiSecurity(SECURITY_SCHEME),
    ApiErrors(
      authentication.invalidCredentials,
      missingScopeExample(scopes),
      rate_limited.account,
      rate_limited.failedAuthentications,
      internal.unexpected,
      unavailable.backingService,
    ),
  );
}
