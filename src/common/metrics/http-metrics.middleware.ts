import type { RequestHandler } from 'express';
import type { Counter } from 'prom-client';

/**
 * Counts every answered request when its response is sent, labelled by the route template (not
 * the raw path; `unknown` when no route matched). Counting at the response rather than in an
 * interceptor includes what guards refuse before any interceptor runs: 401, 403 and 429.
 */
export function countHttpRequests(counter: Counter<'method' | 'route' | 'status'>): RequestHandler {
  return (request, response, next) => {
    response.once('finish', () => {
      const route = (request.route as { path?: unknown } | undefined)?.path;
      counter.inc({ method: request.method, route: typeof route === 'string' ? route : 'unknown', status: String(response.statusCode) });
    });
    next();
  };
}
