import type { TokenCredentials } from './token-credentials';

const MAX_ENTRIES = 10_000;

/**
 * Verified token rows, kept so authentication does not query PostgreSQL on every request.
 * Entries are dropped at once when a change to their token or account is announced (forget);
 * the TTL only bounds how long a change can go unseen while that announcement channel is down.
 * Only tokens that exist are cached; bounded in size (oldest entries go first).
 */
export class TokenCache {
  private readonly entries = new Map<string, { credentials: TokenCredentials; until: number }>();
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  /**
   * Take this before reading PostgreSQL and pass it to set(): a row read before an invalidation
   * that arrived while the query ran may be stale, and is then not cached.
   */
  get currentGeneration(): number {
    return this.generation;
  }

  get(key: string, now: number): TokenCredentials | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > now) return entry.credentials;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, credentials: TokenCredentials, now: number, generation = this.generation): void {
    if (this.ttlMs <= 0 || generation !== this.generation) return;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { credentials, until: now + this.ttlMs });
  }

  /** Drops every entry the predicate matches (revocations are rare; a scan of ≤ 10,000 is cheap). */
  forget(matches: (credentials: TokenCredentials) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (matches(entry.credentials)) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
