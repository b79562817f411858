import { negativesEmpty, summarise, type Summary } from './metrics';
import { CATEGORIES } from './queries/relevance-query';
import type { QueryOutcome } from './run-queries';

export interface RelevanceReport {
  engines: string[];
  catalogs: Array<{ name: string; products: number; queries: number }>;
  /** Per catalog, per category, per engine (positive queries; negatives under `negatives`). */
  byCatalog: Record<string, Record<string, Record<string, Summary>>>;
  overall: Record<string, Summary>;
  negatives: Record<string, { empty: number; queries: number }>;
  outcomes: QueryOutcome[];
}

export function buildReport(
  engines: string[],
  catalogs: Array<{ name: string; products: number }>,
  outcomes: QueryOutcome[],
): RelevanceReport {
  const answersOf = (engine: string, of: QueryOutcome[]) => of.map((o) => o.answers[engine]);
  const byCatalog: RelevanceReport['byCatalog'] = {};
  for (const { name } of catalogs) {
    const mine = outcomes.filter((o) => o.catalog === name);
    byCatalog[name] = {};
    for (const category of [...CATEGORIES.filter((c) => c !== 'negative'), 'all']) {
      const rows = category === 'all' ? mine : mine.filter((o) => o.category === category);
      if (rows.length === 0) continue;
      byCatalog[name][category] = Object.fromEntries(engines.map((e) => [e, summarise(answersOf(e, rows))]));
    }
  }
  return {
    engines,
    catalogs: catalogs.map((c) => ({ ...c, queries: outcomes.filter((o) => o.catalog === c.name).length })),
    byCatalog,
    overall: Object.fromEntries(engines.map((e) => [e, summarise(answersOf(e, outcomes))])),
    negatives: Object.fromEntries(engines.map((e) => [e, negativesEmpty(answersOf(e, outcomes))])),
    outcomes,
  };
}

const pct = (x: number) => `${Math.round(x * 100)} %`.padStart(5);
const cell = (s: Summary) => `${pct(s.foundRate)} / ${s.meanPrecision.toFixed(2)}`.padEnd(14);

/** The tables of the report, as text for the console. */
export function formatReport(report: RelevanceReport, service: string): string {
  const lines: string[] = [];
  const header = (first: string) => `${first.padEnd(12)} ${'n'.padStart(3)}  ${report.engines.map((e) => e.padEnd(14)).join(' ')}`;
  lines.push('Relevance suite: found@10 / mean precision@10 per engine (negatives apart)', '');
  for (const catalog of report.catalogs) {
    lines.push(`catalog ${catalog.name}: ${catalog.products} products, ${catalog.queries} queries`, header('category'));
    for (const [category, perEngine] of Object.entries(report.byCatalog[catalog.name])) {
      const n = perEngine[report.engines[0]].queries;
      lines.push(`${category.padEnd(12)} ${String(n).padStart(3)}  ${report.engines.map((e) => cell(perEngine[e])).join(' ')}`);
    }
    lines.push('');
  }
  const n = report.overall[report.engines[0]].queries;
  lines.push(header('overall'));
  lines.push(`${'positive'.padEnd(12)} ${String(n).padStart(3)}  ${report.engines.map((e) => cell(report.overall[e])).join(' ')}`);
  const negatives = report.negatives[report.engines[0]].queries;
  lines.push(
    `${'negatives'.padEnd(12)} ${String(negatives).padStart(3)}  ${report.engines
      .map((e) => `${report.negatives[e].empty}/${negatives} empty`.padEnd(14))
      .join(' ')}`,
    '',
  );
  const failed = report.outcomes.filter((o) => !o.answers[service].found);
  lines.push(`${service}: ${failed.length} failed queries (no relevant result in the top 10; negatives: not empty)`);
  for (const o of failed) lines.push(`  ${describe(o, service)}`);
  const weak = report.outcomes.filter(
    (o) => o.answers[service].found && !o.answers[service].negative && o.answers[service].precision < 0.5,
  );
  if (weak.length > 0) {
    lines.push(`${service}: ${weak.length} found but with precision@10 below 0.5`);
    for (const o of weak) lines.push(`  ${describe(o, service)}`);
  }
  return `${lines.join('\n')}\n`;
}

function describe(o: QueryOutcome, engine: string): string {
  const a = o.answers[engine];
  const got = a.error
    ? `error: ${a.error}`
    : a.returned === 0
      ? 'nothing'
      : `${a.returned} results, top: ${a.top.map((t) => `"${t}"`).join(', ')}`;
  return `[${o.catalog}/${o.category}] "${o.q}" (judge ${o.judge}; ${o.relevantInCatalog} relevant, P@10 ${a.precision.toFixed(2)}) -> ${got}`;
}
