import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { KnownTokens, type KnownToken } from './known-tokens/known-tokens';
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
 * It also keeps the hashes of all live tokens (KnownTokens), so a client's credentials are told
 * from a stranger's guesses without a query, whether or not they are cached.
 */
@Injectable()
export class TokenVerifierService {
  private readonly logger = new Logger(TokenVerifierService.name);
  private readonly cache: TokenCache;
  private readonly known = new KnownTokens();
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
    if (!this.known.holds(token.tokenHash.toString('base64'), token.accountId)) {
      // Live but unknown (created while a change went unseen): known from now on.
      this.known.put({ tokenId: token.id, accountId: token.accountId, hashKey: token.tokenHash.toString('base64') });
    }
    this.touch(token.id, now.getTime());
    return { accountId: token.accountId, organizationId: token.organizationId, tokenId: token.id, scopes: token.scopes };
  }

  /**
   * True when these are the credentials of a live token of this account: in the token cache, or
   * in the set of live tokens. The failed-authentication limits never apply to them, so strangers'
   * failures (from any number of addresses) never stand in the way of a working client.
   */
  holdsLive(accountId: string, secret: string, now = Date.now()): boolean {
    const key = hashTokenSecret(secret).toString('base64');
    if (this.known.holds(key, accountId)) return true;
    const cached = this.cache.get(key, now);
    return cached !== undefined && hashesEqual(hashTokenSecret(cached.accountId), hashTokenSecret(accountId));
  }

  /** How many live tokens this process knows (0 before the first load). */
  get knownTokenCount(): number {
    return this.known.size;
  }

  /** Reads every live token's hash: at start, whenever changes may have been missed, and periodically. */
  async reloadKnownTokens(): Promise<void> {
    this.known.replaceAll(await this.tokens.listLive());
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

  /** A token was created: its credentials are those of a live token from now on. */
  learnToken(token: KnownToken): void {
    this.known.put(token);
  }

  /**
   * A token was revoked (or otherwise changed): its cached row must not be used again.
   * The set of live tokens follows in the background (it only decides what a lookup may cost).
   */
  forgetToken(tokenId: string): void {
    this.cache.forget((token) => token.id === tokenId);
    this.known.removeToken(tokenId);
    this.refreshKnown({ tokenId }, (tokens) => tokens.forEach((token) => this.known.put(token)));
  }

  /** An account was disabled or enabled: none of its tokens' cached rows may be used again. */
  forgetAccount(accountId: string): void {
    this.cache.forget((token) => token.accountId === accountId);
    this.refreshKnown({ accountId }, (tokens) => this.known.replaceAccount(accountId, tokens));
  }

  private refreshKnown(only: { tokenId: string } | { accountId: string }, apply: (tokens: KnownToken[]) => void): void {
    if (!this.known.loaded) return;
    this.tokens
      .listLive(only)
      .then(apply)
      .catch((error: Error) => this.logger.warn(`live tokens not refreshed: ${error.message}`));
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
