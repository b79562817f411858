import { Injectable } from '@nestjs/common';
import { ReadScope } from '../database/read-scope/read-scope';
import type { ReplicaRead } from '../database/replicas/replica-read';
import { AppConfig } from '../common/config/app-config';
import { RateLimitedError, UnavailableError, ValidationError } from '../common/errors/api-error';
import { ReadSlots } from './read-slots';

/** Reads last milliseconds to seconds: a refused client may try again soon. */
export const READ_RETRY_AFTER_SECONDS = 1;

/**
 * What one read may cost: a slot among the account's READS_IN_FLIGHT_PER_ACCOUNT, one connection
 * in a READ ONLY transaction whose statements stop after READ_STATEMENT_TIMEOUT_MS (ReadScope),
 * and an answer of at most READ_RESPONSE_MAX_BYTES. Used by BoundedReadInterceptor for REST and
 * UCP routes and per tool call by the MCP endpoint.
 */
@Injectable()
export class ReadBudget {
  private readonly slots: ReadSlots;

  constructor(private readonly config: AppConfig) {
    this.slots = new ReadSlots(config.reads.inFlightPerAccount);
  }

  get responseMaxBytes(): number {
    return this.config.reads.responseMaxBytes;
  }

  get perAccount(): number {
    return this.config.reads.inFlightPerAccount;
  }

  /** Takes one of the account's slots and returns its release (idempotent), or null when none is free. */
  tryAcquire(accountId: string): (() => void) | null {
    return this.slots.tryAcquire(accountId);
  }

  /** tryAcquire, or 429 `rate_limited` with Retry-After. */
  acquire(accountId: string): () => void {
    const release = this.tryAcquire(accountId);
    if (release) return release;
    throw new RateLimitedError(this.busyMessage(), READ_RETRY_AFTER_SECONDS);
  }

  busyMessage(): string {
    return `This account already has ${this.perAccount} reads in progress (limit ${this.perAccount}); retry after ${READ_RETRY_AFTER_SECONDS} s`;
  }

  /** `replica`: the read may run on a streaming replica (see ReplicaRouter); else on the primary. */
  openScope(replica?: ReplicaRead): ReadScope {
    return new ReadScope(this.config.reads.statementTimeoutMs, replica);
  }

  /** A statement the read timeout cancelled (or one that followed it in the aborted transaction) is 503 with Retry-After. */
  explain(error: unknown): unknown {
    const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
    const code = e?.code ?? e?.driverError?.code;
    if (code !== '57014' && code !== '25P02') return error;
    return new UnavailableError(
      `The read took longer than ${this.config.reads.statementTimeoutMs} ms and was cancelled; retry later or ask for less`,
    );
  }

  tooLargeMessage(bytes: number): string {
    return `The answer would be ${bytes} bytes, above the ${this.responseMaxBytes}-byte limit of a read; ask for fewer (a smaller limit)`;
  }

  /** 422 for an answer above READ_RESPONSE_MAX_BYTES. */
  tooLarge(bytes: number): ValidationError {
    return new ValidationError(this.tooLargeMessage(bytes));
  }
}
