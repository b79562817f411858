/** An account and one of its tokens, as the operator CLI printed them. */
export interface Credentials {
  accountId: string;
  token: string;
}

/** The Authorization header of HTTP Basic (username = account id, password = token). */
export function basicAuth({ accountId, token }: Credentials): string {
  return `Basic ${Buffer.from(`${accountId}:${token}`).toString('base64')}`;
}
