const MASK = '***';

/**
 * A webhook URL as shown to callers who cannot manage webhooks: user info and query string (where
 * receivers commonly take a shared secret) and the fragment replaced by `***`, so the URL still says
 * where events go but hands no credential to a read-only token.
 */
export function maskWebhookUrl(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return MASK; // stored URLs are normalised hrefs; never echo one that does not parse
  }
  const userInfo = url.username || url.password ? `${MASK}@` : '';
  const query = url.search ? `?${MASK}` : '';
  const fragment = url.hash ? `#${MASK}` : '';
  return `${url.protocol}//${userInfo}${url.host}${url.pathname}${query}${fragment}`;
}
