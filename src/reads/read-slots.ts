/**
 * Reads one account may have running at once in this process. Counted per process, like upload
 * slots: with N API processes an account holds at most N × `perAccount`, and never more than that
 * share of any one process's connection pool, which is what keeps other tenants served.
 */
export class ReadSlots {
  private readonly byAccount = new Map<string, number>();

  constructor(readonly perAccount: number) {}

  /** Takes a slot and returns its release (idempotent), or null when the account has none left. */
  tryAcquire(accountId: string): (() => void) | null {
    const mine = this.byAccount.get(accountId) ?? 0;
    if (mine >= this.perAccount) return null;
    this.byAccount.set(accountId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.byAccount.get(accountId) ?? 1) - 1;
      if (left > 0) this.byAccount.set(accountId, left);
      else this.byAccount.delete(accountId);
    };
  }

  inUse(accountId: string): number {
    return this.byAccount.get(accountId) ?? 0;
  }
}
