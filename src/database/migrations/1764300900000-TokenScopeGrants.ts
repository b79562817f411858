import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * catalog:replace and webhooks:manage now guard what accounts--my:rw alone used to allow (a replace
 * import with allow_mass_delete=true; creating and deleting webhooks). Every existing token with
 * accounts--my:rw gets both, so it keeps doing what it did; read-only tokens get nothing. Existing
 * tokens keep their expires_at (NULL: never), the default expiry applies to new tokens only.
 */
export class TokenScopeGrants1764300900000 implements MigrationInterface {
  name = 'TokenScopeGrants1764300900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE personal_access_tokens
         SET scopes = scopes || ARRAY(SELECT g FROM unnest(ARRAY['catalog:replace', 'webhooks:manage']) g WHERE g <> ALL (scopes))
       WHERE 'accounts--my:rw' = ANY (scopes)
         AND NOT scopes @> ARRAY['catalog:replace', 'webhooks:manage']`);
  }

  async down(): Promise<void> {
    // Nothing to undo: the previous code ignores scopes it does not know.
  }
}
