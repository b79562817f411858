import { mkdir, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { runCli } from '../../tools/harness/cli';
import { ImportClient } from '../../tools/harness/http/import-client';
import { REPO_ROOT } from '../../tools/harness/repo';
import { waitForSettledCatalog } from '../../tools/harness/settled';
import { realisticProducts } from '../../tools/harness/generate-catalog';
import type { Cleanup } from './cleanup';
import { runImportPhase } from './import-phase';
import { fmt, printTable, round, type Row } from './report';
import { measureSearchable } from './search-lag';
import { startStack } from './service-stack';
import { createTenants } from './tenants';
import { median } from './median';

/**
 * `npm run bench -- --languages de[,fr,…]`: the same products imported as English (the default) and
 * as each language (the organization's default set with the admin CLI before the import), each into
 * a fresh organization on a settled stack, `rounds` rounds in turn after an English warm-up. The
 * figure is 202 → searchable (done and every product indexed) of each language over English's,
 * medians: the same text read by another language's rules (stemmer, stop words, German folding),
 * which is what those rules cost the indexer; the text itself is the bench generator's.
 */
export async function runLanguageComparison(options: {
  languages: string[];
  rounds: number;
  products: number;
  seed: number;
  cleanup: Cleanup;
  dataDir: string;
  logDir: string;
  timeoutMs: number;
  keepDb: boolean;
  log: (message: string) => void;
}): Promise<{ rows: Record<string, unknown>[]; problems: string[] }> {
  const { log } = options;
  const source = realisticProducts(options.seed);
  const products = Array.from({ length: options.products }, () => source.next().value as object);
  await mkdir(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, `languages-${options.seed}-${options.products}.json`);
  await writeFile(file, JSON.stringify(products));
  const stack = await startStack({
    cleanup: options.cleanup,
    logDir: options.logDir,
    withWorker: true,
    keepDb: options.keepDb,
    log,
    databaseUrl: process.env.BENCH_DATABASE_URL,
    queuePrefix: process.env.BENCH_QUEUE_PREFIX,
  });
  const round1 = ['en', ...options.languages.filter((l) => l !== 'en')];
  const order = ['en', ...Array.from({ length: options.rounds }, () => round1).flat()];
  const tenants = await createTenants(
    order.map((l, i) => `bench-languages-${Date.now()}-${i}-${l}`),
    stack.cliEnv,
    2,
    (t) => stack.createdOrganizations.push(t.organizationId),
  );
  const runs: Array<{ language: string; searchable_s: number; import_s: number; load: number; warmUp: boolean }> = [];
  const problems: string[] = [];
  for (const [i, language] of order.entries()) {
    if (language !== 'en')
      await runCli(
        path.join(REPO_ROOT, 'dist/cli.js'),
        ['organizations', 'set-language', tenants[i].organizationId, '--language', language],
        stack.cliEnv,
      );
    if (i > 0)
      log(
        `settled ${fmt(await waitForSettledCatalog(stack.databaseUrl, tenants[i - 1].organizationId, 600_000))} s after the previous import`,
      );
    const phase = await runImportPhase(
      language,
      new ImportClient(stack.baseUrl, tenants[i]),
      file,
      { total: 0, indexed: 0, failed: 0, skipped: 0 },
      {
        timeoutMs: options.timeoutMs,
        deadService: stack.deadService,
      },
    );
    const searchable = await measureSearchable(stack.databaseUrl, tenants[i].organizationId, phase, options.timeoutMs);
    if (phase.status !== 'done' || phase.indexed_count !== products.length || !searchable)
      problems.push(
        `${language}: ${phase.status}, indexed ${phase.indexed_count} of ${products.length}, searchable ${searchable ? 'yes' : 'no'}`,
      );
    runs.push({
      language,
      searchable_s: searchable?.searchable_s ?? NaN,
      import_s: phase.import_s,
      load: round(os.loadavg()[0], 2),
      warmUp: i === 0,
    });
    log(
      `${language}${i === 0 ? ' (warm-up)' : ''}: done in ${fmt(phase.import_s)} s, searchable in ${fmt(searchable?.searchable_s ?? NaN)} s`,
    );
  }
  await stack.api.stop();
  await stack.worker!.stop();
  const counted = runs.filter((r) => !r.warmUp);
  const baseline = median(counted.filter((r) => r.language === 'en').map((r) => r.searchable_s));
  const rows = round1.map((language) => {
    const mine = counted.filter((r) => r.language === language);
    const searchableS = median(mine.map((r) => r.searchable_s));
    return {
      language,
      products: products.length,
      searchable_s: round(searchableS),
      runs_s: mine.map((r) => r.searchable_s),
      ratio_to_english: round(searchableS / baseline, 2),
      import_s: round(median(mine.map((r) => r.import_s))),
      load_1m: mine.map((r) => r.load),
    };
  });
  const table: Row[] = rows.map((r) => [
    r.language,
    `${fmt(r.searchable_s)} s`,
    `${r.ratio_to_english}× English's median ${fmt(baseline)} s; runs ${r.runs_s.map((v) => fmt(v)).join(', ')}; done ${fmt(r.import_s)} s; load ${r.load_1m.join(', ')}`,
  ]);
  printTable(`Catalog languages: ${products.length} products, 202 → searchable, median of ${options.rounds} round(s)`, table);
  return { rows, problems };
}
