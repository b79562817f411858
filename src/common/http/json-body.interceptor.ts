import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { MAX_JSON_BODY_BYTES, readJsonBody } from './json-body';

/**
 * Puts the JSON object body on `request.body` for the DTO route it decorates, read within
 * `maxBytes`: `@UseInterceptors(new JsonBodyInterceptor(limit))`. Interceptors run after the
 * guards, so authentication, scope and rate limit answer first, then the reader's 415/413/400/422,
 * then the DTO's 422 in the validation pipe.
 */
export class JsonBodyInterceptor implements NestInterceptor {
  constructor(private readonly maxBytes: number = MAX_JSON_BODY_BYTES) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    request.body = await readJsonBody(request, this.maxBytes);
    return next.handle();
  }
}
