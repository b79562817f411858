import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import type { Principal } from './principal';
import { TokenRepository } from './repositories/token.repository';
import type { TokenCredentials } from './token-credentials';
import { TokenCache } from './token-cache';
import { hashesEqual, hashTokenSecret } from './token-secret';

const LAST_USED_EVERY_MS = 60_000;

/**
 * Checks a (account id, token) pair. A token is valid when it exists, belongs to that account,
 * is neither revoked nor expired, and the account is not disabled. Token rows are cached; the
 * credentials listener drops them the moment a token or account changes, and TOKEN_CACHE_TTL_MS
 * bounds staleness only while that listener is disconnected. Expiry is checked on every request.
 */
@Injectable()
export class TokenVerifier {
  private readonly logger = new Logger(TokenVerifier.name);
  private readonly cache: TokenCache;
  private readonly lastTouched = new Map<string, number>();

  constructor(
    private readonly tokens: TokenRepository,
    config: AppConfig,
  ) {
    this.cache = new TokenCache(config.tokenCacheTtlMs);
  }

  async verify(accountId: string, secret: string, now = new Date()): Promise<Principal | null> {
    const hash = hashTokenSecret(secret);
    const token = await this.lookup(hash, now.getTime());
    if (!token) return null;
    // The row was found by its hash; the comparisons below stay constant-time anyway so that
    // nothing about a stored token is learnt from response timing.
    const sameHash = hashesEqual(token.tokenHash, hash);
    const sameAccount = hashesEqual(hashTokenSecret(token.accountId), hashTokenSecret(accountId));
    if (!sameHash || !sameAccount) return null;
    if (token.revokedAt || token.accountDisabledAt) return null;
    if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return null;
    this.touch(token.id, now.getTime());
    return { accountId: token.accountId, organizationId: token.organizationId, tokenId: token.id, scopes: token.scopes };
  }

  /**
   * True when the cache holds these credentials: a token of this account verified within
   * TOKEN_CACHE_TTL_MS and not changed since. The failed-authentication limits never apply to them.
   */
  holdsCached(accountId: string, secret: string, now = Date.now()): boolean {
    const cached = this.cache.get(hashTokenSecret(secret).toString('base64'), now);
    return cached !== undefined && hashesEqual(hashTokenSecret(cached.accountId), hashTokenSecret(accountId));
  }

  private async lookup(hash: Buffer, now: number): Promise<TokenCredentials | null> {
    const key = hash.toString('base64');
    const cached = this.cache.get(key, now);
    if (cached) return cached;
    const generation = this.cache.currentGeneration;
    const token = await this.tokens.findCredentialsByHash(hash);
    if (token) this.cache.set(key, token, now, generation);
    return token;
  }

  /** A token was revoked (or otherwise changed): its cached row must not be used again. */
  forgetToken(tokenId: string): void {
    this.cache.forget((token) => token.id === tokenId);
  }

  /** An account was disabled or enabled: none of its tokens' cached rows may be used again. */
  forgetAccount(accountId: string): void {
    this.cache.forget((token) => token.accountId === accountId);
  }

  /** Changes may have been missed (the listener was disconnected): trust nothing cached. */
  forgetAll(): void {
    this.cache.clear();
  }

  /** last_used_at is written at most once a minute per token and process, off the request path. */
  private touch(tokenId: string, now: number): void {
    if (now - (this.lastTouched.get(tokenId) ?? 0) < LAST_USED_EVERY_MS) return;
    if (this.lastTouched.size >= 10_000) this.lastTouched.clear();
    this.lastTouched.set(tokenId, now);
    this.tokens.touchLastUsed(tokenId).catch((error: Error) => this.logger.warn(`last_used_at not recorded: ${error.message}`));
  }
}
