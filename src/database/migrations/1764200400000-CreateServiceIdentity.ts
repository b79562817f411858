import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row naming this database's deployment. The default queue prefix is derived from it, so two
 * deployments (two databases) sharing one Redis never share a queue unless QUEUE_PREFIX says so.
 */
export class CreateServiceIdentity1764200400000 implements MigrationInterface {
  name = 'CreateServiceIdentity1764200400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE service_identity (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        deployment_id uuid NOT NULL DEFAULT gen_random_uuid(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO service_identity DEFAULT VALUES`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE service_identity`);
  }
}
