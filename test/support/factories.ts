import type { INestApplication } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuthAdminService } from '../../src/auth/auth-admin.service';
import type { Scope } from '../../src/auth/scopes';

export interface TestCaller {
  organizationId: string;
  accountId: string;
  tokenId: string;
  token: string;
  /** The Authorization header value for this caller. */
  auth: string;
}

/** What an accounts--my:rw token created before the grant scopes existed holds now (migration TokenScopeGrants). */
export const WRITER_SCOPES: Scope[] = ['accounts--my:rw', 'catalog:replace', 'webhooks:manage'];

/** A fresh organization with one account and one token (WRITER_SCOPES unless told), so tests never see each other's data. */
export async function createCaller(app: INestApplication, options: { scopes?: Scope[]; expiresAt?: Date } = {}): Promise<TestCaller> {
  const admin = app.get(AuthAdminService);
  const organization = await admin.createOrganization(`test-org-${randomUUID()}`);
  const account = await admin.createAccount(organization.id);
  const token = await admin.createToken({
    accountId: account.id,
    scopes: options.scopes ?? WRITER_SCOPES,
    expiresAt: options.expiresAt,
  });
  return {
    organizationId: organization.id,
    accountId: account.id,
    tokenId: token.id,
    token: token.token,
    auth: basic(account.id, token.token),
  };
}

export function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}
