import type { EntityManager } from 'typeorm';

/**
 * The PostgreSQL NOTIFY channel on which a change to a token or an account is announced.
 * pg_notify runs inside the transaction that makes the change, so the notification is sent
 * exactly when (and only if) that transaction commits.
 */
export const CREDENTIALS_CHANNEL = 'pds_credentials_changed';

export type CredentialsChange = { tokenId: string } | { accountId: string };

export async function notifyCredentialsChanged(manager: EntityManager, change: CredentialsChange): Promise<void> {
  await manager.query('SELECT pg_notify($1, $2)', [CREDENTIALS_CHANNEL, JSON.stringify(change)]);
}

/** The change a notification payload names; null for anything else (then the caller forgets everything). */
export function parseCredentialsChange(payload: string | undefined): CredentialsChange | null {
  try {
    const value = JSON.parse(payload ?? '') as Record<string, unknown>;
    if (typeof value.tokenId === 'string') return { tokenId: value.tokenId };
    if (typeof value.accountId === 'string') return { accountId: value.accountId };
  } catch {
    // not ours or garbled: handled as "unknown change" below
  }
  return null;
}
