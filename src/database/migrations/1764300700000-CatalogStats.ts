import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-organization catalog counts for catalog_overview, so a call reads one row instead of
 * aggregating the catalog. `version` goes up whenever the catalog may have changed — a trigger
 * when an import job ends (done or failed: that covers its batches and a replace's deletes), the
 * single-product delete in its own transaction — and the worker recomputes rows whose
 * `computed_version` lags (CatalogStatsRefresherService). Existing organizations start stale.
 */
export class CatalogStats1764300700000 implements MigrationInterface {
  name = 'CatalogStats1764300700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalog_stats (
        organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
        version bigint NOT NULL DEFAULT 1,
        computed_version bigint,
        computed_at timestamptz,
        product_count integer NOT NULL DEFAULT 0,
        updated_at timestamptz,
        by_availability jsonb NOT NULL DEFAULT '{}',
        top_brands jsonb NOT NULL DEFAULT '[]',
        top_categories jsonb NOT NULL DEFAULT '[]'
      )`);
    await q.query(
      `CREATE INDEX catalog_stats_stale_idx ON catalog_stats (organization_id) WHERE computed_version IS DISTINCT FROM version`,
    );
    await q.query(`
      CREATE FUNCTION catalog_stats_mark_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO catalog_stats (organization_id) VALUES (NEW.organization_id)
        ON CONFLICT (organization_id) DO UPDATE SET version = catalog_stats.version + 1;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER import_jobs_catalog_changed AFTER UPDATE OF status ON import_jobs FOR EACH ROW
        WHEN (NEW.status IN ('done', 'failed') AND OLD.status NOT IN ('done', 'failed'))
        EXECUTE FUNCTION catalog_stats_mark_changed()`);
    await q.query(`INSERT INTO catalog_stats (organization_id) SELECT id FROM organizations`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER import_jobs_catalog_changed ON import_jobs`);
    await q.query(`DROP FUNCTION catalog_stats_mark_changed()`);
    await q.query(`DROP TABLE catalog_stats`);
  }
}
