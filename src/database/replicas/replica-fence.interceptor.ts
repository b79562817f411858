import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { from, mergeMap, type Observable } from 'rxjs';
import { ReplicaFencesService } from './replica-fences.service';

/**
 * On a write route (RequireScopes puts it on every route needing more than the read scope): once
 * the handler has succeeded, and before the answer leaves, records the primary's WAL position as
 * the organization's fence, so the client's next read never runs on a replica that lacks its
 * write. Nothing to do without replicas.
 */
@Injectable()
export class ReplicaFenceInterceptor implements NestInterceptor {
  constructor(private readonly fences: ReplicaFencesService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const organizationId = context.switchToHttp().getRequest<Request & { user?: { organizationId?: string } }>().user?.organizationId;
    if (!this.fences.enabled || !organizationId) return next.handle();
    return next.handle().pipe(mergeMap((answer: unknown) => from(this.fences.advance(organizationId).then(() => answer))));
  }
}
