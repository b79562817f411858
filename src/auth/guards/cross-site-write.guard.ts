import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ForbiddenError } from '../../common/errors/api-error';
import type { Request } from 'express';
import { AppConfig } from '../../common/config/app-config';
import { crossSiteRefusal, type WriteOriginPolicy } from '../../common/security/write-origin';

/**
 * Refuses writes a browser sends on behalf of another site (403 before authentication, so such a
 * page neither changes anything nor makes the browser show its login prompt). Basic credentials
 * are resent by the browser on its own once entered, and a multipart POST needs no CORS preflight:
 * without this, any page could post an import. RequireScopes puts it on every write route.
 */
@Injectable()
export class CrossSiteWriteGuard implements CanActivate {
  private readonly policy: WriteOriginPolicy;

  constructor(config: AppConfig) {
    const allowed = [...config.allowedOrigins, ...(config.publicOrigin ? [config.publicOrigin] : [])];
    this.policy = { allowedOrigins: new Set(allowed.map((origin) => origin.toLowerCase())) };
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    const refusal = crossSiteRefusal(request.headers as Record<string, string | undefined>, this.policy);
    if (refusal) throw new ForbiddenError(refusal);
    return true;
  }
}
