import { authentication, authorization, DEFAULT_CONFIG, errorExamples, rateLimited, type ErrorExample } from '../openapi/error-examples';

/** What authentication, scopes and rate limits answer: `@RequireScopes` documents these on every route. */
export const AUTH_ERRORS = errorExamples({
  authentication: {
    invalidCredentials: authentication(
      'Authorization missing or malformed, unknown account, wrong, revoked or expired token, or disabled account',
      'Missing or invalid credentials',
    ),
  },
  authorization: {
    crossSite: authorization(
      "A browser sent the write from another site (an Origin not the service's own nor in ALLOWED_ORIGINS, or Sec-Fetch-Site: cross-site); nothing was changed",
      'Requests from the origin https://evil.example may not change anything (not in ALLOWED_ORIGINS)',
    ),
  },
  rate_limited: {
    account: rateLimited(
      'More requests from this account in a minute than RATE_LIMIT_PER_MINUTE, all routes and API processes together',
      `Rate limit of ${DEFAULT_CONFIG.rateLimitPerMinute} requests per minute exceeded for this account; retry after 17 s`,
    ),
    failedAuthentications: rateLimited(
      'Too many failed authentications from this address (answered before the credentials are looked at)',
      'Too many failed authentications from this address; retry after 42 s',
    ),
    unknownCredentials: rateLimited(
      'Too many failed lookups of unknown credentials on this server, all addresses together (credentials it already verified still pass)',
      'Too many failed authentications on this server; retry after 42 s',
    ),
  },
} as const);

/** 403 for a token without the route's scopes (the message names them, as ScopesGuard does). */
export function missingScopeExample(scopes: readonly string[]): ErrorExample {
  return {
    status: 403,
    type: 'authorization',
    summary: `The token lacks the scope ${scopes.join(', ')}`,
    message: `This operation requires the scope ${scopes.join(', ')}`,
  };
}
