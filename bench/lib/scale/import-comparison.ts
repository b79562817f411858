import { ImportClient } from '../../../tools/harness/http/import-client';
import type { CatalogManifest } from '../../../tools/harness/generate-catalog';
import { runImportPhase } from '../import-phase';
import { round } from '../report';
import { measureSearchable } from '../search-lag';
import type { ServiceStack } from '../service-stack';
import type { Tenant } from '../tenants';
import { median } from '../median';

export interface ImportRun {
  database: 'empty' | 'big';
  import_s: number;
  searchable_s: number | null;
  problems: string[];
}

export interface ImportComparison {
  runs: ImportRun[];
  /** Medians per database. */
  empty: { import_s: number; searchable_s: number | null };
  big: { import_s: number; searchable_s: number | null };
  import_ratio: number;
  searchable_ratio: number | null;
}

/**
 * The same catalog imported into a new organization of an empty database and of the big one,
 * alternately (`tenants[i]` of each stack per run), `done` and searchable counted from the 202.
 */
export async function compareImports(
  manifest: CatalogManifest,
  sides: { empty: { stack: ServiceStack; tenants: Tenant[] }; big: { stack: ServiceStack; tenants: Tenant[] } },
  runs: number,
  searchableTimeoutMs: number,
  log: (message: string) => void,
): Promise<ImportComparison> {
  const results: ImportRun[] = [];
  for (let run = 0; run < runs; run++) {
    for (const database of ['empty', 'big'] as const) {
      const { stack, tenants } = sides[database];
      const tenant = tenants[run];
      const phase = await runImportPhase(
        `${database}-${run + 1}`,
        new ImportClient(stack.baseUrl, tenant),
        manifest.file,
        { total: manifest.products, indexed: manifest.valid_products, failed: manifest.invalid_products, skipped: 0 },
        { timeoutMs: 900_000, deadService: stack.deadService },
      );
      const searchable = await measureSearchable(stack.databaseUrl, tenant.organizationId, phase, searchableTimeoutMs);
      results.push({ database, import_s: phase.import_s, searchable_s: searchable?.searchable_s ?? null, problems: phase.problems });
      log(`import into the ${database} database: done ${phase.import_s} s, searchable ${searchable?.searchable_s ?? '-'} s after the 202`);
    }
  }
  const summary = (database: 'empty' | 'big') => {
    const mine = results.filter((r) => r.database === database);
    const searchable = mine.map((r) => r.searchable_s).filter((s): s is number => s !== null);
    return {
      import_s: round(median(mine.map((r) => r.import_s))),
      searchable_s: searchable.length === mine.length ? round(median(searchable)) : null,
    };
  };
  const empty = summary('empty');
  const big = summary('big');
  return {
    runs: results,
    empty,
    big,
    import_ratio: round(big.import_s / empty.import_s, 2),
    searchable_ratio: big.searchable_s !== null && empty.searchable_s !== null ? round(big.searchable_s / empty.searchable_s, 2) : null,
  };
}
