/** What authentication needs to know about a token, read in one query. */
export interface TokenCredentials {
  id: string;
  accountId: string;
  tokenHash: Buffer;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  organizationId: string;
  accountDisabledAt: Date | null;
}
