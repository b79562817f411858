import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { normalizeBasicAuthorization } from '../authorization-header';
import { PERSONAL_ACCESS_TOKEN_STRATEGY } from '../strategies/basic.strategy';

/** Runs the Basic strategy; any failure is 401 (the filter adds WWW-Authenticate). */
@Injectable()
export class BasicAuthGuard extends AuthGuard(PERSONAL_ACCESS_TOKEN_STRATEGY) {
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<Request>();
    const normalized = normalizeBasicAuthorization(request.headers.authorization);
    if (normalized === null) throw new UnauthorizedException();
    request.headers.authorization = normalized;
    return super.canActivate(context);
  }

  override handleRequest<TUser>(error: unknown, user: TUser | false): TUser {
    if (error) throw error;
    if (!user) throw new UnauthorizedException();
    return user;
  }
}
