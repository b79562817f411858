import { POSTGRES_ERROR, postgresErrorCode } from '../common/errors/postgres-errors';
import { Injectable, Optional } from '@nestjs/common';
import { ReadScope } from '../database/read-scope/read-scope';
import type { ReplicaRead } from '../database/replicas/replica-read';
import { StatementCancellerService } from '../database/read-scope/statement-canceller.service';
import { AppConfig } from '../common/config/app-config';
import { RateLimitedError, UnavailableError, ValidationError } from '../common/errors/api-error';
import { ReadSlots, type ReadSlotGrant, type ReadSlotRefusal } from './read-slots';

/** Whose read it is: the slots are counted per account and per organization. */
export interface Reader {
  accountId: string;
  organizationId: string;
}

/** Reads last milliseconds to seconds: a refused client may try again soon. */
export const READ_RETRY_AFTER_SECONDS = 1;

/**
 * What one read may cost: a slot (READS_IN_FLIGHT_PER_ACCOUNT, _PER_ORGANIZATION and _PER_PROCESS), one connection
 * in a READ ONLY transaction whose statements stop after READ_STATEMENT_TIMEOUT_MS (ReadScope),
 * and an answer of at most READ_RESPONSE_MAX_BYTES. Used by BoundedReadInterceptor for REST and
 * UCP routes and per tool call by the MCP endpoint.
 */
@Injectable()
export class ReadBudgetService {
  private readonly slots: ReadSlots;

  constructor(
    private readonly config: AppConfig,
    /** Without it (unit specs), an abandoned read's statement runs to its end, still holding its slot. */
    @Optional() private readonly canceller?: StatementCancellerService,
  ) {
    this.slots = new ReadSlots(
      {
        perAccount: config.reads.inFlightPerAccount,
        perOrganization: config.reads.inFlightPerOrganization,
        perProcess: config.reads.inFlightPerProcess,
      },
      { waitMs: config.reads.waitMs, waitingPerOrganization: config.reads.waitingPerOrganization },
    );
  }

  get responseMaxBytes(): number {
    return this.config.reads.responseMaxBytes;
  }

  /** Takes a read slot and returns its release (idempotent), or which limit is reached. */
  tryAcquire(reader: Reader): (() => void) | ReadSlotRefusal {
    return releaseOrRefusal(this.slots.tryAcquire(reader.accountId, reader.organizationId));
  }

  /**
   * A slot, waiting up to READ_WAIT_MS for one (ReadSlots.acquire), or 429 `rate_limited` (the
   * account's or organization's limit) / 503 `unavailable` (the process's), with Retry-After.
   * `signal`: the client gone, which ends the wait.
   */
  async acquire(reader: Reader, signal?: AbortSignal): Promise<() => void> {
    const release = await this.waitForSlot(reader, signal);
    if (typeof release === 'function') return release;
    if (release === 'process') throw new UnavailableError(this.busyMessage(release));
    throw new RateLimitedError(this.busyMessage(release), READ_RETRY_AFTER_SECONDS);
  }

  /** A slot's release, waiting up to READ_WAIT_MS for one, or which limit refused it (`signal`: the client gone). */
  async waitForSlot(reader: Reader, signal?: AbortSignal): Promise<(() => void) | ReadSlotRefusal> {
    return releaseOrRefusal(await this.slots.acquire(reader.accountId, reader.organizationId, signal));
  }

  busyMessage(refusal: ReadSlotRefusal): string {
    const limits = this.slots.limits;
    switch (refusal) {
      case 'account':
        return `This account already has ${limits.perAccount} reads in progress (limit ${limits.perAccount}); retry after ${READ_RETRY_AFTER_SECONDS} s`;
      case 'organization':
        return (
          `This organization already has its share of reads in progress (${this.slots.organizationShare()} of its ` +
          `${limits.perOrganization}, shared while several organizations read); retry after ${READ_RETRY_AFTER_SECONDS} s`
        );
      case 'process':
        return `This server already runs ${limits.perProcess} reads (its limit); retry shortly`;
    }
  }

  /** `replica`: the read may run on a streaming replica (see ReplicaRouterService); else on the primary. */
  openScope(replica?: ReplicaRead): ReadScope {
    return new ReadScope(this.config.reads.statementTimeoutMs, this.canceller?.cancel, replica);
  }

  /** A statement the read timeout (or abort) cancelled, or one that followed it, is 503 with Retry-After. */
  explain(error: unknown): unknown {
    const code = postgresErrorCode(error);
    if (code !== POSTGRES_ERROR.queryCanceled && code !== POSTGRES_ERROR.inFailedTransaction) return error;
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

function releaseOrRefusal(grant: ReadSlotGrant): (() => void) | ReadSlotRefusal {
  return 'release' in grant ? grant.release : grant.refused;
}
