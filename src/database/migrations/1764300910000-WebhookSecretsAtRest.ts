import type { MigrationInterface, QueryRunner } from 'typeorm';
import { loadConfig } from '../../common/config/load-config';
import { sealPlaintextSecrets } from '../secrets/seal-plaintext-secrets';
import { WebhookSecretBox } from '../secrets/secret-box';

/**
 * Webhook secrets can be rotated (the previous one signs too until previous_secret_expires_at)
 * and are encrypted at rest: when WEBHOOK_SECRET_KEY is set, every existing secret is sealed here.
 * Without a key, rows stay in plain text; a later boot with a key seals them (WebhookSecretSealerService).
 * down() cannot decrypt without the key: it refuses while sealed rows exist.
 */
export class WebhookSecretsAtRest1764300910000 implements MigrationInterface {
  name = 'WebhookSecretsAtRest1764300910000';

  /** The key to seal with; the environment's WEBHOOK_SECRET_KEY when not given. */
  constructor(private readonly key?: Buffer | null) {}

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE webhook_subscriptions
        ADD COLUMN previous_secret text,
        ADD COLUMN previous_secret_expires_at timestamptz`);
    await sealPlaintextSecrets(q, new WebhookSecretBox(this.key === undefined ? loadConfig().webhooks.secretKey : this.key));
  }

  async down(q: QueryRunner): Promise<void> {
    const [{ sealed }]: Array<{ sealed: number }> = await q.query(
      `SELECT count(*)::int AS sealed FROM webhook_subscriptions WHERE secret LIKE 'enc:%'`,
    );
    if (sealed > 0) throw new Error(`${sealed} webhook secrets are encrypted; the previous schema cannot use them`);
    await q.query(`ALTER TABLE webhook_subscriptions DROP COLUMN previous_secret_expires_at, DROP COLUMN previous_secret`);
  }
}
