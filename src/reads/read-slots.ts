/** How many reads may run at once in one process: per account, per organization, in all. */
export interface ReadSlotLimits {
  perAccount: number;
  perOrganization: number;
  perProcess: number;
}

/** Which limit refused a read. */
export type ReadSlotRefusal = 'account' | 'organization' | 'process';

export type ReadSlotGrant = { release: () => void } | { refused: ReadSlotRefusal };

/** How long a read may wait for a slot, and how many may wait per organization. */
export interface ReadSlotQueue {
  waitMs: number;
  waitingPerOrganization: number;
}

/**
 * An organization counts as reading for this long after its last read started or ended, so one
 * reading steadily between short pauses (an agent's searches) keeps its share while another floods.
 */
export const READING_WINDOW_MS = 1_000;

interface Waiter {
  accountId: string;
  organizationId: string;
  resolve: (grant: ReadSlotGrant) => void;
  timer: NodeJS.Timeout;
}

/**
 * Reads running at once in this process, counted per account, per organization and in all. Each
 * read holds at most one connection (ReadScope), so `perProcess` is also the most connections reads
 * can take from the pool (sized for it, src/database/pool-size.ts): the rest stays for writes,
 * status and authentication. `perOrganization` below `perProcess` keeps one tenant with many
 * accounts from filling it, and is shared while several organizations read: each may then hold
 * ceil(perOrganization / organizations reading), at least 1 (one reading alone gets all of it). Slots
 * already held are not taken back; a flooding tenant drops to its share as its reads end, so another
 * tenant's reads compete with fewer heavy statements for the database's cores. Counted per process,
 * like upload slots: N API processes allow N times as many.
 */
export class ReadSlots {
  private readonly byAccount = new Map<string, number>();
  private readonly byOrganization = new Map<string, number>();
  private total = 0;
  /** Reads waiting for a slot, oldest first; each gets the first slot its limits allow. */
  private readonly waiters: Waiter[] = [];
  private readonly waitingByOrganization = new Map<string, number>();
  /** When each organization last started or ended a read (those not reading any more are forgotten). */
  private readonly lastRead = new Map<string, number>();

  constructor(
    readonly limits: ReadSlotLimits,
    readonly queue: ReadSlotQueue = { waitMs: 0, waitingPerOrganization: 0 },
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A slot now, or the first one its limits allow within `queue.waitMs` (oldest waiter first), or
   * which limit refused it: at once when its organization already has `queue.waitingPerOrganization`
   * reads waiting. A refused client retries at once; a waiting one costs the process nothing, so a
   * tenant reading as fast as it can takes its slots' share of the machine and no more. `signal`
   * (the client gone) ends the wait with no slot.
   */
  acquire(accountId: string, organizationId: string, signal?: AbortSignal): Promise<ReadSlotGrant> {
    const now = this.tryAcquire(accountId, organizationId);
    if ('release' in now || this.queue.waitMs <= 0 || signal?.aborted) return Promise.resolve(now);
    if ((this.waitingByOrganization.get(organizationId) ?? 0) >= this.queue.waitingPerOrganization) return Promise.resolve(now);
    return new Promise<ReadSlotGrant>((resolve) => {
      const leave = (grant: ReadSlotGrant) => {
        const at = this.waiters.indexOf(waiter);
        if (at < 0) {
          // Already served (or gone): a slot granted now would have no holder, so it goes back at once.
          if ('release' in grant) grant.release();
          return;
        }
        this.waiters.splice(at, 1);
        decrement(this.waitingByOrganization, organizationId);
        clearTimeout(waiter.timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(grant);
      };
      const onAbort = () => leave(now);
      const waiter: Waiter = {
        accountId,
        organizationId,
        resolve: (grant) => leave(grant),
        timer: setTimeout(() => leave(this.tryAcquire(accountId, organizationId)), this.queue.waitMs),
      };
      waiter.timer.unref();
      this.waiters.push(waiter);
      increment(this.waitingByOrganization, organizationId);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  get waiting(): number {
    return this.waiters.length;
  }

  /** Takes a slot and returns its release (idempotent), or which limit is reached. */
  tryAcquire(accountId: string, organizationId: string): ReadSlotGrant {
    this.lastRead.set(organizationId, this.now());
    return this.take(accountId, organizationId, this.organizationShare());
  }

  /** tryAcquire with the organizations' share already counted (`share`). */
  private take(accountId: string, organizationId: string, share: number): ReadSlotGrant {
    if (this.inUse(accountId) >= this.limits.perAccount) return { refused: 'account' };
    if (this.inUseByOrganization(organizationId) >= share) return { refused: 'organization' };
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
      this.lastRead.set(organizationId, this.now());
      this.total -= 1;
      this.serveWaiters();
    };
    return { release };
  }

  /** Hands freed slots to the oldest waiters whose limits now allow one. */
  private serveWaiters(): void {
    if (this.waiters.length === 0) return;
    // Every waiter's organization counts as reading (it is waiting), and granting slots changes no
    // organization's standing: one count serves the whole pass, not one per waiter.
    const share = this.organizationShare();
    for (const waiter of [...this.waiters]) {
      if (this.total >= this.limits.perProcess) return;
      const grant = this.take(waiter.accountId, waiter.organizationId, share);
      if ('release' in grant) waiter.resolve(grant);
    }
  }

  /** Slots each organization may hold now: perOrganization shared among the organizations reading. */
  organizationShare(): number {
    return Math.max(1, Math.ceil(this.limits.perOrganization / this.organizationsReading()));
  }

  /** Organizations with a read in flight or waiting, or one started or ended within READING_WINDOW_MS. */
  organizationsReading(): number {
    const since = this.now() - READING_WINDOW_MS;
    let reading = 0;
    for (const [organizationId, at] of this.lastRead) {
      if (at >= since || this.byOrganization.has(organizationId) || this.waitingByOrganization.has(organizationId)) reading += 1;
      else this.lastRead.delete(organizationId);
    }
    return reading;
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
