import type { EntityManager } from 'typeorm';
import type { KnownToken } from '../known-tokens/known-tokens';

/**
 * The PostgreSQL NOTIFY channel on which a change to a token or an account is announced.
 * pg_notify runs inside the transaction that makes the change, so the notification is sent
 * exactly when (and only if) that transaction commits.
 */
export const CREDENTIALS_CHANNEL = 'pds_credentials_changed';

/** Each listener answers here with the change's `nonce` once its cache no longer holds the change's tokens. */
export const CREDENTIALS_APPLIED_CHANNEL = 'pds_credentials_applied';

/** Names the listeners' sessions in pg_stat_activity: the announcer counts them to know how many answers to wait for. */
export const LISTENER_APPLICATION_NAME = 'pds-credentials-listener';

/** A token or an account changed, or a token was created (its hash travels along so listeners know it at once). */
export type CredentialsChange = ({ tokenId: string } | { accountId: string } | { newToken: KnownToken }) & { nonce?: string };

export async function notifyCredentialsChanged(manager: EntityManager, change: CredentialsChange): Promise<void> {
  await manager.query('SELECT pg_notify($1, $2)', [CREDENTIALS_CHANNEL, JSON.stringify(change)]);
}

/** The change a notification payload names; null for anything else (then the caller forgets everything). */
export function parseCredentialsChange(payload: string | undefined): CredentialsChange | null {
  try {
    const value = JSON.parse(payload ?? '') as Record<string, unknown>;
    const nonce = typeof value.nonce === 'string' ? { nonce: value.nonce } : {};
    const created = value.newToken as Record<string, unknown> | undefined;
    if (typeof created?.tokenId === 'string' && typeof created.accountId === 'string' && typeof created.hashKey === 'string') {
      return { newToken: { tokenId: created.tokenId, accountId: created.accountId, hashKey: created.hashKey }, ...nonce };
    }
    if (typeof value.tokenId === 'string') return { tokenId: value.tokenId, ...nonce };
    if (typeof value.accountId === 'string') return { accountId: value.accountId, ...nonce };
  } catch {
    // not ours or garbled: handled as "unknown change" below
  }
  return null;
}
