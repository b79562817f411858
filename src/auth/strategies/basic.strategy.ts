import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { BasicStrategy as PassportBasicStrategy } from 'passport-http';
import type { Principal } from '../principal';
import { TokenVerifierService } from '../token-verifier.service';

export const PERSONAL_ACCESS_TOKEN_STRATEGY = 'personal-access-token';

/** HTTP Basic: username = account id, password = personal access token. */
@Injectable()
export class BasicStrategy extends PassportStrategy(PassportBasicStrategy, PERSONAL_ACCESS_TOKEN_STRATEGY) {
  constructor(private readonly verifier: TokenVerifierService) {
    super();
  }

  /** Returning false makes passport fail the request, which the guard turns into 401. */
  async validate(accountId: string, token: string): Promise<Principal | false> {
    return (await this.verifier.verify(accountId, token)) ?? false;
  }
}
