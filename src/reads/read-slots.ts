/** How many reads may run at once in one process: per account, per organization, in all. */
export interface ReadSlotLimits {
  perAccount: number;
  perOrganization: number;
  perProcess: number;
}

/** Which limit refused a read. */
export type ReadSlotRefusal = 'account' | 'organization' | 'process';

export type ReadSlotGrant = { release: () => void } | { refused: ReadSlotRefusal };

/**
 * Reads running at once in this process, counted per account, per organization and in all. Each
 * read holds at most one connection (ReadScope), so `perProcess` is also the most connections reads
 * can take from the pool (sized for it, src/database/pool-size.ts): the rest stays for writes,
 * status and authentication. `perOrganization` below `perProcess` keeps one tenant with many
 * accounts from filling it. Counted per process, like upload slots: N API processes allow N times as many.
 */
export class ReadSlots {
  private readonly byAccount = new Map<string, number>();
  private readonly byOrganization = new Map<string, number>();
  private total = 0;

  constructor(readonly limits: ReadSlotLimits) {}

  /** Takes a slot and returns its release (idempotent), or which limit is reached. */
  tryAcquire(accountId: string, organizationId: string): ReadSlotGrant {
    if (this.inUse(accountId) >= this.limits.perAccount) return { refused: 'account' };
    if (this.inUseByOrganization(organizationId) >= this.limits.perOrganization) return { refused: 'organization' };
    if (this.total >= this.limits.perProcess) return { refused: 'process' };
    increment(this.byAccount, accountId);
    increment(this.byOrganization, organizationId);
    this.total += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      decrement(this.byAccount, accountId);
      decrement(this.byOrganization, organizationId);
      this.total -= 1;
    };
    return { release };
  }

  inUse(accountId: string): number {
    return this.byAccount.get(accountId) ?? 0;
  }

  inUseByOrganization(organizationId: string): number {
    return this.byOrganization.get(organizationId) ?? 0;
  }

  get inUseByProcess(): number {
    return this.total;
  }
}

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Forgets a key once it holds nothing, so the maps never grow with tenants that have stopped reading. */
function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
