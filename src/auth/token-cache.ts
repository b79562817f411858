import type { TokenCredentials } from './repositories/token.repository';

const MAX_ENTRIES = 10_000;

/**
 * Verified token rows, kept for a short TTL so authentication does not query PostgreSQL on every
 * request. A revoked token or disabled account is therefore refused within `ttlMs` at most.
 * Only tokens that exist are cached; bounded in size (oldest entries go first).
 */
export class TokenCache {
  private readonly entries = new Map<string, { credentials: TokenCredentials; until: number }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string, now: number): TokenCredentials | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.credentials;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, credentials: TokenCredentials, now: number): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { credentials, until: now + this.ttlMs });
  }
}
