import { Injectable, Logger } from '@nestjs/common';
import type { Principal } from './principal';
import { TokenRepository } from './repositories/token.repository';
import { hashesEqual, hashTokenSecret } from './token-secret';

/**
 * Checks a (account id, token) pair. A token is valid when it exists, belongs to that account,
 * is neither revoked nor expired, and the account is not disabled.
 */
@Injectable()
export class TokenVerifier {
  private readonly logger = new Logger(TokenVerifier.name);

  constructor(private readonly tokens: TokenRepository) {}

  async verify(accountId: string, secret: string, now = new Date()): Promise<Principal | null> {
    const hash = hashTokenSecret(secret);
    const token = await this.tokens.findCredentialsByHash(hash);
    if (!token) return null;
    // The row was found by its hash; the comparisons below stay constant-time anyway so that
    // nothing about a stored token is learnt from response timing.
    const sameHash = hashesEqual(token.tokenHash, hash);
    const sameAccount = hashesEqual(hashTokenSecret(token.accountId), hashTokenSecret(accountId));
    if (!sameHash || !sameAccount) return null;
    if (token.revokedAt || token.accountDisabledAt) return null;
    if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return null;
    this.tokens.touchLastUsed(token.id).catch((error: Error) => this.logger.warn(`last_used_at not recorded: ${error.message}`));
    return { accountId: token.accountId, organizationId: token.organizationId, tokenId: token.id, scopes: token.scopes };
  }
}
