import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Principal } from '../principal';

/** The storage key of an account's per-minute budget (the throttler's one throttler is named `default`). */
export function accountThrottleKey(accountId: string): string {
  return `default:account:${accountId}`;
}

/**
 * Rate limit per account across all routes (runs after authentication; unauthenticated requests
 * never reach it). The key names only the account, not the controller and handler as the
 * throttler's default does, so every route draws on one budget.
 */
@Injectable()
export class AccountThrottlerGuard extends ThrottlerGuard {
  protected override getTracker(request: Record<string, unknown>): Promise<string> {
    const principal = request.user as Principal | undefined;
    return Promise.resolve(principal ? `account:${principal.accountId}` : `ip:${String(request.ip)}`);
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`; // = accountThrottleKey for an authenticated request
  }

  protected override getErrorMessage(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<string> {
    return Promise.resolve(
      `Rate limit of ${detail.limit} requests per minute exceeded for this account; retry after ${detail.timeToBlockExpire} s`,
    );
  }
}
