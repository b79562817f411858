import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { RateLimitedError } from '../../common/errors/api-error';
import { normalizeBasicAuthorization } from '../authorization-header';
import { FailedAuthLimiter } from '../rate-limit/failed-auth-limiter';
import { PERSONAL_ACCESS_TOKEN_STRATEGY } from '../strategies/basic.strategy';

/**
 * Runs the Basic strategy; any failure is 401 (the filter adds WWW-Authenticate) and is counted
 * against the client's address. An address over AUTH_FAILURES_PER_MINUTE gets 429 before its
 * credentials are even decoded, so guessing costs no PostgreSQL query.
 */
@Injectable()
export class BasicAuthGuard extends AuthGuard(PERSONAL_ACCESS_TOKEN_STRATEGY) {
  constructor(private readonly failures: FailedAuthLimiter) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<Request>();
    const address = clientAddress(request);
    const wait = this.failures.retryAfterSeconds(address);
    if (wait > 0) throw new RateLimitedError(`Too many failed authentications from this address; retry after ${wait} s`, wait);
    const normalized = normalizeBasicAuthorization(request.headers.authorization);
    if (normalized === null) {
      this.failures.recordFailure(address);
      throw new UnauthorizedException();
    }
    request.headers.authorization = normalized;
    return super.canActivate(context);
  }

  override handleRequest<TUser>(error: unknown, user: TUser | false, _info: unknown, context: ExecutionContext): TUser {
    if (error) throw error;
    if (!user) {
      this.failures.recordFailure(clientAddress(context.switchToHttp().getRequest<Request>()));
      throw new UnauthorizedException();
    }
    return user;
  }
}

/** The peer's address (no proxy headers are trusted: a client could forge them to dodge the limit). */
function clientAddress(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}
