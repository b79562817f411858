export interface WriteOriginPolicy {
  /** Origins besides the service's own that may write (ALLOWED_ORIGINS, PUBLIC_ORIGIN). */
  allowedOrigins: ReadonlySet<string>;
}

export interface WriteRequestHeaders {
  origin?: string;
  host?: string;
  'sec-fetch-site'?: string;
}

/**
 * Why a write must be refused as cross-site, or null to let it through. Browsers send Origin with
 * every POST and DELETE and Sec-Fetch-Site with every request; other clients (curl, the SDKs, the
 * CLI) send neither and are never refused. A page may write when its origin is the service's own
 * (its host is the request's Host: Swagger UI at /docs) or listed; `cross-site` without an allowed
 * Origin and an Origin of `null` (sandboxed frames, file:) are refused.
 */
export function crossSiteRefusal(headers: WriteRequestHeaders, policy: WriteOriginPolicy): string | null {
  const origin = headers.origin?.trim();
  const site = headers['sec-fetch-site']?.trim().toLowerCase();
  if (origin === undefined || origin === '') {
    return site === 'cross-site' ? 'Cross-site requests may not change anything (Sec-Fetch-Site: cross-site)' : null;
  }
  if (policy.allowedOrigins.has(origin.toLowerCase()) || isOwnOrigin(origin, headers.host)) return null;
  return `Requests from the origin ${origin.slice(0, 200)} may not change anything (not in ALLOWED_ORIGINS)`;
}

/** Same host and port as the request was sent to (the scheme may differ behind a TLS-terminating proxy). */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return withoutDefaultPort(url.host) === withoutDefaultPort(host.trim());
}

/** URL.host drops the scheme's default port; a Host header may still carry one. */
function withoutDefaultPort(host: string): string {
  return host.toLowerCase().replace(/:(80|443)$/, '');
}
