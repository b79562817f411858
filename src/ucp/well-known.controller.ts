import { Controller, Get, Logger, type OnApplicationBootstrap, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppConfig } from '../common/config/app-config';
import { businessProfile, type UcpProfile } from './ucp-profile';

/**
 * GET {base_url}/.well-known/ucp — the UCP business profile: which transports and capabilities
 * this service speaks. Public (no organization data), cacheable as UCP requires.
 */
@ApiExcludeController() // discovery document, no credentials: outside the authenticated API document
@Controller('.well-known')
export class WellKnownController implements OnApplicationBootstrap {
  constructor(private readonly config: AppConfig) {}

  onApplicationBootstrap(): void {
    if (this.config.publicOrigin) return;
    new Logger(WellKnownController.name).warn(
      "PUBLIC_ORIGIN is not set: /.well-known/ucp advertises endpoints built from each request's Host header " +
        '(answered Cache-Control: private, Vary: Host). Set PUBLIC_ORIGIN to the origin clients use.',
    );
  }

  @Get('ucp')
  profile(@Req() request: Request, @Res({ passthrough: true }) response: Response): UcpProfile {
    if (this.config.publicOrigin) {
      response.setHeader('Cache-Control', 'public, max-age=300');
      return businessProfile(`${this.config.publicOrigin}${this.config.basePath}`);
    }
    // The address the client used to reach this process (no proxy headers are trusted). The answer
    // depends on Host, so a shared cache must neither serve it for another Host nor keep it at all:
    // a forged Host would otherwise poison what everyone else is told.
    response.setHeader('Cache-Control', 'private, max-age=300');
    response.setHeader('Vary', 'Host');
    return businessProfile(`${request.protocol}://${request.get('host') ?? 'localhost'}${this.config.basePath}`);
  }
}
