import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiInternalServerErrorResponse,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorResponse } from '../../common/errors/error-response.dto';
import { AccountThrottlerGuard } from '../guards/account-throttler.guard';
import { BasicAuthGuard } from '../guards/basic-auth.guard';
import { REQUIRED_SCOPES, ScopesGuard } from '../guards/scopes.guard';
import type { Scope } from '../scopes';

export const SECURITY_SCHEME = 'PersonalAccessToken';

/** Authenticates with a personal access token and requires the given scopes — one line per route. */
export function RequireScopes(...scopes: Scope[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    SetMetadata(REQUIRED_SCOPES, scopes),
    UseGuards(BasicAuthGuard, ScopesGuard, AccountThrottlerGuard),
    ApiSecurity(SECURITY_SCHEME),
    ApiUnauthorizedResponse({ description: 'Authorization header missing or credentials invalid', type: ErrorResponse }),
    ApiForbiddenResponse({ description: `Token lacks the scope ${scopes.join(', ')}`, type: ErrorResponse }),
    ApiTooManyRequestsResponse({
      description:
        'Per-account request limit exceeded, too many failed authentications from this address, ' +
        'or (upload) too many concurrent uploads of this account; see Retry-After',
      type: ErrorResponse,
    }),
    ApiInternalServerErrorResponse({ description: 'Unexpected error; the message reveals no internals', type: ErrorResponse }),
    ApiServiceUnavailableResponse({ description: 'PostgreSQL or Redis unreachable; nothing was half-created', type: ErrorResponse }),
  );
}
