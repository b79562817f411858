import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Principal } from '../principal';
import { hasScopes, missingScopesError, type Scope } from '../scopes';

export const REQUIRED_SCOPES = 'required-scopes';

/** 403 when the authenticated principal lacks a scope the route requires. */
@Injectable()
export class ScopesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const required = this.reflector.getAllAndOverride<Scope[] | undefined>(REQUIRED_SCOPES, [context.getHandler(), context.getClass()]);
    if (!required || required.length === 0) return true;
    const principal = context.switchToHttp().getRequest<{ user?: Principal }>().user;
    if (principal && hasScopes(principal.scopes, required)) return true;
    throw missingScopesError(required);
  }
}
