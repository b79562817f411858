import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { readJsonBody } from '../../common/http/json-body.interceptor';
import { SYNONYM_LIMITS } from './synonym.dto';

/** JsonBodyInterceptor's reading with room for a full synonym set (a settings body is 16 KiB). */
@Injectable()
export class SynonymsBodyInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    request.body = await readJsonBody(request, SYNONYM_LIMITS.bodyBytes);
    return next.handle();
  }
}
