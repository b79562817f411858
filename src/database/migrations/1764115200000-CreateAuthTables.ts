import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAuthTables1764115200000 implements MigrationInterface {
  name = 'CreateAuthTables1764115200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE accounts (
        id text PRIMARY KEY CHECK (id <> '' AND position(':' in id) = 0),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        disabled_at timestamptz
      )`);
    await q.query(`CREATE INDEX accounts_organization_idx ON accounts (organization_id)`);
    await q.query(`
      CREATE TABLE personal_access_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        name text NOT NULL,
        token_hash bytea NOT NULL UNIQUE,
        scopes text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        revoked_at timestamptz,
        last_used_at timestamptz
      )`);
    await q.query(`CREATE INDEX personal_access_tokens_account_idx ON personal_access_tokens (account_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE personal_access_tokens`);
    await q.query(`DROP TABLE accounts`);
    await q.query(`DROP TABLE organizations`);
  }
}
