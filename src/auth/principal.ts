/** Who is calling: put on the request by the Basic strategy once a token is verified. */
export interface Principal {
  accountId: string;
  organizationId: string;
  tokenId: string;
  scopes: string[];
}
