import { Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { catchError, finalize, from, switchMap, throwError, type Observable } from 'rxjs';
import { ReadBudgetService, type Reader } from './read-budget.service';
import { READS_FROM_REPLICA } from './reads-from-replica.decorator';
import { capResponseBody } from './response-cap';

const BOUNDS_ITS_OWN_READS = 'bounds-its-own-reads';

/** For a read route that applies ReadBudgetService itself, in finer pieces (the MCP endpoint: per tool call). */
export const BoundsItsOwnReads = (): ClassDecorator & MethodDecorator => SetMetadata(BOUNDS_ITS_OWN_READS, true);

/**
 * Bounds a read route (RequireScopes puts it on every route that needs only the read scope): runs
 * after authentication, takes a read slot (waiting up to READ_WAIT_MS for one; then 429 when the
 * account or organization has none free, 503 when the process has none), runs the handler in a ReadScope (one connection, READ ONLY,
 * READ_STATEMENT_TIMEOUT_MS: 503 when it cancels a statement) and refuses an answer above
 * READ_RESPONSE_MAX_BYTES (422). A client gone before its answer has its statement cancelled; the
 * slot comes back only once the read's connection is back. A route marked ReadsFromReplica may have its
 * scope served by a streaming replica (ReplicaRouterService decides).
 */
@Injectable()
export class BoundedReadInterceptor implements NestInterceptor {
  constructor(
    private readonly budget: ReadBudgetService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const principal = context.switchToHttp().getRequest<Request & { user?: Reader }>().user;
    const ownBounds = this.reflector.getAllAndOverride<boolean | undefined>(BOUNDS_ITS_OWN_READS, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!principal || ownBounds) return next.handle();
    const response = context.switchToHttp().getResponse<Response>();
    const gone = new AbortController();
    response.once('close', () => {
      if (!response.writableFinished) gone.abort();
    });
    return from(this.budget.acquire(principal, gone.signal)).pipe(
      switchMap((release) => this.bounded(context, next, response, principal, release, gone.signal)),
    );
  }

  /** The handler in a ReadScope holding the slot `release` gives back once its connection is back. */
  private bounded(
    context: ExecutionContext,
    next: CallHandler,
    response: Response,
    principal: Reader,
    release: () => void,
    gone: AbortSignal,
  ): Observable<unknown> {
    capResponseBody(response, this.budget.responseMaxBytes, (bytes) => this.budget.tooLarge(bytes));
    const onReplica = this.reflector.getAllAndOverride<boolean | undefined>(READS_FROM_REPLICA, [context.getHandler(), context.getClass()]);
    const scope = this.budget.openScope(onReplica ? { organizationId: principal.organizationId } : undefined);
    // A client gone while its read waited for a slot, or while it runs: its work is cancelled.
    if (gone.aborted) void scope.abort();
    else gone.addEventListener('abort', () => void scope.abort(), { once: true });
    return scope
      .run(() => next.handle())
      .pipe(
        catchError((error: unknown) => throwError(() => this.budget.explain(error))),
        finalize(
          () =>
            void scope
              .close()
              .catch(() => undefined)
              .finally(release),
        ),
      );
  }
}
