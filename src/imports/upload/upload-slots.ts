import { UnavailableError } from '../../common/errors/api-error';

/**
 * Bounds the uploads one process streams at once. Each holds a database connection for its
 * transaction, so stalled or slow uploads must never take the whole pool from everyone else.
 */
export class UploadSlots {
  private inUse = 0;

  constructor(private readonly limit: number) {}

  /** Runs `work` in a slot, or refuses with 503 `unavailable` (Retry-After) when all are taken. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inUse >= this.limit) {
      throw new UnavailableError(`Too many uploads in progress on this server (limit ${this.limit}); retry shortly`);
    }
    this.inUse++;
    try {
      return await work();
    } finally {
      this.inUse--;
    }
  }
}
