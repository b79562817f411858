import { RateLimitedError, UnavailableError } from '../../common/errors/api-error';

/** Seconds a refused client is told to wait: uploads hold their slot for seconds to minutes. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Bounds the uploads one process streams at once, in all and per account. Each holds a database
 * connection for its transaction, so stalled or slow uploads must never take the whole pool from
 * everyone else, and one account must never take every slot. Counted per process: with N API
 * processes an account may stream N × `perAccount` uploads, never more than that share of any
 * one process's slots, which is what keeps the others served.
 */
export class UploadSlots {
  private inUse = 0;
  private readonly byAccount = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly perAccount: number,
  ) {}

  get inProgress(): number {
    return this.inUse;
  }

  /**
   * Runs `work` in a slot; refuses with 429 `rate_limited` when the account already streams
   * `perAccount` uploads here, or 503 `unavailable` when all the process's slots are taken.
   */
  async run<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const mine = this.byAccount.get(accountId) ?? 0;
    if (mine >= this.perAccount) {
      throw new RateLimitedError(
        `This account already has ${mine} uploads in progress (limit ${this.perAccount}); retry when one has finished`,
        RETRY_AFTER_SECONDS,
      );
    }
    if (this.inUse >= this.limit) {
      throw new UnavailableError(`Too many uploads in progress on this server (limit ${this.limit}); retry shortly`);
    }
    this.inUse++;
    this.byAccount.set(accountId, mine + 1);
    try {
      return await work();
    } finally {
      this.inUse--;
      const left = (this.byAccount.get(accountId) ?? 1) - 1;
      if (left > 0) this.byAccount.set(accountId, left);
      else this.byAccount.delete(accountId);
    }
  }
}
