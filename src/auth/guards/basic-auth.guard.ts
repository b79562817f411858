import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { RateLimitedError } from '../../common/errors/api-error';
import { decodeBasicCredentials, normalizeBasicAuthorization } from '../authorization-header';
import { clientKey } from '../rate-limit/client-key';
import { FailedAuthLimiter } from '../rate-limit/failed-auth-limiter';
import { UnknownLookupBudget } from '../rate-limit/unknown-lookup-budget';
import { PERSONAL_ACCESS_TOKEN_STRATEGY } from '../strategies/basic.strategy';
import { TokenVerifierService } from '../token-verifier.service';

/**
 * Runs the Basic strategy; any failure is 401 (the filter adds WWW-Authenticate) and is counted
 * against the client's address (its /64 for IPv6; behind TRUSTED_PROXIES, the address their
 * X-Forwarded-For names); each lookup of unknown credentials spends the process's budget. Over
 * either, credentials of no live token get 429 before they are even looked up, so guessing costs
 * no PostgreSQL query; credentials of a live token (cached, or in the in-memory set of live token
 * hashes) are never limited, so strangers' failures, from a shared address (a proxy, a NAT) or
 * from a thousand addresses spending the whole budget, never lock a working client out.
 */
@Injectable()
export class BasicAuthGuard extends AuthGuard(PERSONAL_ACCESS_TOKEN_STRATEGY) {
  constructor(
    private readonly failures: FailedAuthLimiter,
    private readonly unknownLookups: UnknownLookupBudget,
    private readonly verifier: TokenVerifierService,
  ) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<Request>();
    const normalized = normalizeBasicAuthorization(request.headers.authorization);
    if (normalized === null) {
      this.refuseIfAddressLimited(request);
      this.failures.recordFailure(clientAddress(request)); // nothing looked up: only the address pays
      throw new UnauthorizedException();
    }
    const credentials = decodeBasicCredentials(normalized);
    if (!this.verifier.holdsLive(credentials.accountId, credentials.secret)) {
      this.refuseIfAddressLimited(request);
      const wait = this.unknownLookups.take();
      if (wait > 0) throw new RateLimitedError(`Too many failed authentications on this server; retry after ${wait} s`, wait);
    }
    request.headers.authorization = normalized;
    return super.canActivate(context);
  }

  override handleRequest<TUser>(error: unknown, user: TUser | false, _info: unknown, context: ExecutionContext): TUser {
    if (error) throw error;
    if (!user) {
      this.recordFailure(context.switchToHttp().getRequest<Request>());
      throw new UnauthorizedException();
    }
    return user;
  }

  private refuseIfAddressLimited(request: Request): void {
    const wait = this.failures.retryAfterSeconds(clientAddress(request));
    if (wait > 0) throw new RateLimitedError(`Too many failed authentications from this address; retry after ${wait} s`, wait);
  }

  private recordFailure(request: Request): void {
    this.failures.recordFailure(clientAddress(request));
  }
}

/**
 * The client's address as Express names it: the peer, or behind TRUSTED_PROXIES the address their
 * X-Forwarded-For names (`trust proxy`, configureApp); a client cannot forge it past them.
 */
function clientAddress(request: Request): string {
  return clientKey(request.ip ?? request.socket.remoteAddress ?? 'unknown');
}
