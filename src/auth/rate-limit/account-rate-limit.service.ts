import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { AppConfig } from '../../common/config/app-config';
import { RateLimitedError } from '../../common/errors/api-error';
import { accountThrottleKey } from '../guards/account-throttler.guard';

/**
 * Draws extra hits from an account's per-minute budget, the one AccountThrottlerGuard counts every
 * request against: for requests that carry several operations (an MCP batch counts each message).
 */
@Injectable()
export class AccountRateLimitService {
  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  /** Counts `hits` more for the account; 429 `rate_limited` when that goes past RATE_LIMIT_PER_MINUTE. */
  async consume(accountId: string, hits: number): Promise<void> {
    const limit = this.config.rateLimitPerMinute;
    for (let i = 0; i < hits; i++) {
      const record = await this.storage.increment(accountThrottleKey(accountId), 60_000, limit, 0, 'default');
      if (record.isBlocked) {
        throw new RateLimitedError(
          `Rate limit of ${limit} requests per minute exceeded for this account; retry after ${record.timeToBlockExpire} s`,
          record.timeToBlockExpire,
        );
      }
    }
  }
}
