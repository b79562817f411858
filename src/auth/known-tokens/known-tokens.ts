/** A token that can authenticate: not revoked, not expired, its account enabled. */
export interface KnownToken {
  tokenId: string;
  accountId: string;
  /** Base64 of the SHA-256 of the secret (the token cache's key). */
  hashKey: string;
}

/**
 * The hashes of every token that can authenticate, in memory, so that credentials of no live token
 * are told apart without asking PostgreSQL. It only decides what may cost a lookup without limits,
 * never who is authenticated (the looked-up row does): an entry that is stale for a moment (a race
 * between a reload and a change) costs at most one lookup, a missing one sends its token through
 * the budgeted path until the next reload.
 */
export class KnownTokens {
  private readonly byHash = new Map<string, KnownToken>();
  private readonly byToken = new Map<string, string>();
  private isLoaded = false;

  /** False until the first full load: until then nothing can be told apart. */
  get loaded(): boolean {
    return this.isLoaded;
  }

  get size(): number {
    return this.byHash.size;
  }

  /** True when these credentials are those of a token known to be live for this account. */
  holds(hashKey: string, accountId: string): boolean {
    return this.byHash.get(hashKey)?.accountId === accountId;
  }

  replaceAll(tokens: KnownToken[]): void {
    this.byHash.clear();
    this.byToken.clear();
    for (const token of tokens) this.put(token);
    this.isLoaded = true;
  }

  put(token: KnownToken): void {
    this.removeToken(token.tokenId);
    this.byHash.set(token.hashKey, token);
    this.byToken.set(token.tokenId, token.hashKey);
  }

  removeToken(tokenId: string): void {
    const hashKey = this.byToken.get(tokenId);
    if (hashKey === undefined) return;
    this.byToken.delete(tokenId);
    this.byHash.delete(hashKey);
  }

  /** The account's live tokens are now exactly `tokens` (none when it was disabled). */
  replaceAccount(accountId: string, tokens: KnownToken[]): void {
    for (const token of [...this.byHash.values()]) if (token.accountId === accountId) this.removeToken(token.tokenId);
    for (const token of tokens) this.put(token);
  }
}
