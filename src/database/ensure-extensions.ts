import type { DataSource } from 'typeorm';

/** PostgreSQL extensions the search needs (contrib modules; migrations create them in the database). */
export const REQUIRED_EXTENSIONS = ['unaccent', 'pg_trgm', 'btree_gin', 'fuzzystrmatch'] as const;

/** Raised at start-up when the server cannot provide an extension: the service refuses to start. */
export class MissingExtensionError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `PostgreSQL lacks the extension(s) ${missing.join(', ')} needed by search. They are PostgreSQL's contrib modules: ` +
        `on Debian/Ubuntu they come with the postgresql-<version> package (older releases: postgresql-contrib), the official ` +
        `Docker image has them. Install them on the database server, then start the service again.`,
    );
    this.name = 'MissingExtensionError';
  }
}

/** Checks, before migrations run, that the server offers every required extension. */
export async function ensureExtensionsAvailable(dataSource: DataSource): Promise<void> {
  const rows: Array<{ name: string }> = await dataSource.query(`SELECT name FROM pg_available_extensions WHERE name = ANY($1)`, [
    [...REQUIRED_EXTENSIONS],
  ]);
  const available = new Set(rows.map((r) => r.name));
  const missing = REQUIRED_EXTENSIONS.filter((name) => !available.has(name));
  if (missing.length > 0) throw new MissingExtensionError(missing);
}
