import { RateLimitedError, UnavailableError } from '../../../common/errors/api-error';

/** Seconds a refused client is told to wait: uploads hold their slot for seconds to minutes. */
const RETRY_AFTER_SECONDS = 5;

/** Who streams an upload: both the account and its organization are counted. */
export interface UploadOwner {
  accountId: string;
  organizationId: string;
}

export interface UploadSlotLimits {
  perProcess: number;
  perAccount: number;
  /** All accounts of one organization together: a tenant with many accounts still gets one share. */
  perOrganization: number;
}

/** Slots held per key; a key with none is forgotten. */
class SlotCounts {
  private readonly counts = new Map<string, number>();

  of(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  take(key: string): void {
    this.counts.set(key, this.of(key) + 1);
  }

  give(key: string): void {
    const left = this.of(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}

/**
 * Bounds the uploads one process streams at once: in all, per account and per organization. Each
 * holds a database connection for its transaction, so stalled or slow uploads must never take the
 * whole pool from everyone else, and one account or tenant must never take every slot. Counted
 * per process: with N API processes an account may stream N × `perAccount` uploads, never more
 * than that share of any one process's slots, which is what keeps the others served.
 */
export class UploadSlots {
  private inUse = 0;
  private readonly byAccount = new SlotCounts();
  private readonly byOrganization = new SlotCounts();

  constructor(private readonly limits: UploadSlotLimits) {}

  get inProgress(): number {
    return this.inUse;
  }

  /**
   * Runs `work` in a slot; refuses with 429 `rate_limited` when the account or its organization
   * already streams its share here, or 503 `unavailable` when all the process's slots are taken.
   */
  async run<T>(owner: UploadOwner, work: () => Promise<T>): Promise<T> {
    const { perProcess, perAccount, perOrganization } = this.limits;
    const mine = this.byAccount.of(owner.accountId);
    if (mine >= perAccount) {
      throw new RateLimitedError(
        `This account already has ${mine} uploads in progress (limit ${perAccount}); retry when one has finished`,
        RETRY_AFTER_SECONDS,
      );
    }
    const ours = this.byOrganization.of(owner.organizationId);
    if (ours >= perOrganization) {
      throw new RateLimitedError(
        `This organization already has ${ours} uploads in progress (limit ${perOrganization}); retry when one has finished`,
        RETRY_AFTER_SECONDS,
      );
    }
    if (this.inUse >= perProcess) {
      throw new UnavailableError(`Too many uploads in progress on this server (limit ${perProcess}); retry shortly`);
    }
    this.inUse++;
    this.byAccount.take(owner.accountId);
    this.byOrganization.take(owner.organizationId);
    try {
      return await work();
    } finally {
      this.inUse--;
      this.byAccount.give(owner.accountId);
      this.byOrganization.give(owner.organizationId);
    }
  }
}
