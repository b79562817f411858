import request from 'supertest';
import type { App } from 'supertest/types';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** Requests that carry one caller's Authorization header. */
export type AuthedRequests = Record<Method, (url: string) => request.Test>;

/**
 * Supertest requests as `caller` (a TestCaller, or any Authorization header value):
 * `authed(t.http, caller).get('/v1/catalogs').expect(200)`.
 */
export function authed(http: App | string, caller: { auth: string } | string): AuthedRequests {
  const authorization = typeof caller === 'string' ? caller : caller.auth;
  const as = (method: Method) => (url: string) => request(http)[method](url).set('Authorization', authorization);
  return {
    get: as('get'),
    post: as('post'),
    put: as('put'),
    patch: as('patch'),
    delete: as('delete'),
    head: as('head'),
    options: as('options'),
  };
}
