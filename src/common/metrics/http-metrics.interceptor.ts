import { CallHandler, ExecutionContext, HttpException, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable, tap } from 'rxjs';
import { MetricsService } from './metrics.service';

/** Counts requests that reached a route, labelled by the route template (not the raw path). */
@Injectable()
export class HttpMetricsInterceptor implements NestInterceptor {
  constructor(private readonly metrics: MetricsService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const route = (request.route as { path?: string } | undefined)?.path ?? 'unknown';
    const count = (status: number) => this.metrics.httpRequests.inc({ method: request.method, route, status: String(status) });
    return next.handle().pipe(
      tap({
        next: () => count(response.statusCode),
        error: (error: unknown) => count(error instanceof HttpException ? error.getStatus() : 500),
      }),
    );
  }
}
