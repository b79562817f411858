import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { AppConfig } from '../common/config/app-config';
import { businessProfile, type UcpProfile } from './ucp-profile';

/**
 * GET {base_url}/.well-known/ucp — the UCP business profile: which transports and capabilities
 * this service speaks. Public (no organization data), cacheable as UCP requires.
 */
@ApiExcludeController() // discovery document, no credentials: outside the authenticated API document
@Controller('.well-known')
export class WellKnownController {
  constructor(private readonly config: AppConfig) {}

  @Get('ucp')
  @Header('Cache-Control', 'public, max-age=300')
  profile(@Req() request: Request): UcpProfile {
    // PUBLIC_ORIGIN when set (a TLS proxy in front); else the address the client used to reach this
    // process (no proxy headers are trusted).
    const origin = this.config.publicOrigin ?? `${request.protocol}://${request.get('host') ?? 'localhost'}`;
    return businessProfile(`${origin}${this.config.basePath}`);
  }
}
