import type { EntityManager, QueryRunner } from 'typeorm';
import { WebhookSecretBox } from './secret-box';

/**
 * Encrypts every webhook secret (current and previous) still stored in plain text. Each row is
 * updated only if it still holds the value read, so processes doing this at once never seal twice.
 * Returns how many rows it sealed; does nothing without a key.
 */
export async function sealPlaintextSecrets(db: QueryRunner | EntityManager, box: WebhookSecretBox): Promise<number> {
  if (!box.encrypts) return 0;
  const rows: Array<{ id: string; secret: string; previous_secret: string | null }> = await db.query(
    `SELECT id, secret, previous_secret FROM webhook_subscriptions
      WHERE secret NOT LIKE 'enc:%' OR (previous_secret IS NOT NULL AND previous_secret NOT LIKE 'enc:%')`,
  );
  let sealed = 0;
  for (const row of rows) {
    const seal = (value: string | null) => (value === null || WebhookSecretBox.isSealed(value) ? value : box.seal(value, row.id));
    const result: [unknown[], number] = await db.query(
      `UPDATE webhook_subscriptions SET secret = $2, previous_secret = $3
        WHERE id = $1 AND secret = $4 AND previous_secret IS NOT DISTINCT FROM $5`,
      [row.id, seal(row.secret), seal(row.previous_secret), row.secret, row.previous_secret],
    );
    sealed += result[1];
  }
  return sealed;
}
