import { negativesEmpty, summarise, type Summary } from './metrics';
import { AGENT_KINDS, CATEGORIES } from './queries/relevance-query';
import type { QueryOutcome } from './run-queries';

export interface RelevanceReport {
  engines: string[];
  catalogs: Array<{ name: string; products: number; queries: number }>;
  /** Per catalog, per category, per engine (positive queries; negatives under `negatives`). */
  byCatalog: Record<string, Record<string, Record<string, Summary>>>;
  /** Per category over all catalogs, per engine. */
  byCategory: Record<string, Record<string, Summary>>;
  /** The kinds asked before issue 31 (exact … synonym), over all catalogs: "today's figures". */
  baseline: Record<string, Summary>;
  overall: Record<string, Summary>;
  negatives: Record<string, { empty: number; queries: number }>;
  /** Variant questions: mean distinct groups among the first 10 results, per engine. */
  distinctGroups: Record<string, { questions: number; meanDistinct: number; meanReturned: number }>;
  /** The service's checks beyond relevance: questions asked, questions passing. */
  checks: Record<'interpretation' | 'order' | 'collapse' | 'codeFirst', { questions: number; passing: number }>;
  outcomes: QueryOutcome[];
}

const isAgentKind = (o: QueryOutcome) => AGENT_KINDS.includes(o.category);

export function buildReport(
  engines: string[],
  catalogs: Array<{ name: string; products: number }>,
  outcomes: QueryOutcome[],
): RelevanceReport {
  const service = engines[0];
  const answersOf = (engine: string, of: QueryOutcome[]) => of.map((o) => o.answers[engine]);
  const perEngine = (of: QueryOutcome[]) => Object.fromEntries(engines.map((e) => [e, summarise(answersOf(e, of))]));
  const byCatalog: RelevanceReport['byCatalog'] = {};
  for (const { name } of catalogs) {
    const mine = outcomes.filter((o) => o.catalog === name);
    byCatalog[name] = {};
    for (const category of [...CATEGORIES.filter((c) => c !== 'negative'), 'all']) {
      const rows = category === 'all' ? mine : mine.filter((o) => o.category === category);
      if (rows.length > 0) byCatalog[name][category] = perEngine(rows);
    }
  }
  const byCategory: RelevanceReport['byCategory'] = {};
  for (const category of CATEGORIES.filter((c) => c !== 'negative')) {
    const rows = outcomes.filter((o) => o.category === category);
    if (rows.length > 0) byCategory[category] = perEngine(rows);
  }
  const variants = outcomes.filter((o) => o.collapse);
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const check = (of: QueryOutcome[], passes: (o: QueryOutcome) => boolean) => ({ questions: of.length, passing: of.filter(passes).length });
  const mineOf = (o: QueryOutcome) => o.answers[service];
  return {
    engines,
    catalogs: catalogs.map((c) => ({ ...c, queries: outcomes.filter((o) => o.catalog === c.name).length })),
    byCatalog,
    byCategory,
    baseline: perEngine(outcomes.filter((o) => !isAgentKind(o))),
    overall: perEngine(outcomes),
    negatives: Object.fromEntries(engines.map((e) => [e, negativesEmpty(answersOf(e, outcomes))])),
    distinctGroups: Object.fromEntries(
      engines.map((e) => [
        e,
        {
          questions: variants.length,
          meanDistinct: mean(variants.map((o) => o.answers[e].distinctGroups)),
          meanReturned: mean(variants.map((o) => Math.min(10, o.answers[e].returned))),
        },
      ]),
    ),
    checks: {
      interpretation: check(
        outcomes.filter((o) => mineOf(o).interpretationProblems !== undefined),
        (o) => mineOf(o).interpretationProblems!.length === 0,
      ),
      order: check(
        outcomes.filter((o) => o.order !== undefined),
        (o) => mineOf(o).orderProblem === null,
      ),
      collapse: check(
        outcomes.filter((o) => o.collapse),
        (o) => mineOf(o).collapseProblems?.length === 0,
      ),
      codeFirst: check(
        outcomes.filter((o) => o.first),
        (o) => mineOf(o).firstRelevant,
      ),
    },
    outcomes,
  };
}

const pct = (x: number) => `${Math.round(x * 100)} %`.padStart(5);
const cell = (s: Summary, digits = 2) => `${pct(s.foundRate)} / ${s.meanPrecision.toFixed(digits)}`.padEnd(14);

/**
 * The tables of the report, as text for the console. `baseline: false` leaves out the row of the
 * kinds asked before issue 31 (for sets that are not the English ones).
 */
export function formatReport(report: RelevanceReport, service: string, { baseline = true }: { baseline?: boolean } = {}): string {
  const lines: string[] = [];
  const header = (first: string) => `${first.padEnd(12)} ${'n'.padStart(3)}  ${report.engines.map((e) => e.padEnd(14)).join(' ')}`;
  const row = (label: string, perEngine: Record<string, Summary>, digits = 2) =>
    `${label.padEnd(12)} ${String(perEngine[report.engines[0]].queries).padStart(3)}  ${report.engines.map((e) => cell(perEngine[e], digits)).join(' ')}`;
  lines.push('Relevance suite: found@10 / mean precision@10 per engine (negatives apart)', '');
  for (const catalog of report.catalogs) {
    lines.push(`catalog ${catalog.name}: ${catalog.products} products, ${catalog.queries} queries`, header('category'));
    for (const [category, perEngine] of Object.entries(report.byCatalog[catalog.name])) lines.push(row(category, perEngine));
    lines.push('');
  }
  lines.push(header('all catalogs'));
  for (const [category, perEngine] of Object.entries(report.byCategory)) lines.push(row(category, perEngine));
  lines.push('');
  lines.push(header('overall'));
  // Three decimals: the gate on the kinds before issue 31 is at 0.999.
  if (baseline) lines.push(row('before 31', report.baseline, 3));
  lines.push(row('positive', report.overall, 3));
  const negatives = report.negatives[report.engines[0]].queries;
  lines.push(
    `${'negatives'.padEnd(12)} ${String(negatives).padStart(3)}  ${report.engines
      .map((e) => `${report.negatives[e].empty}/${negatives} empty`.padEnd(14))
      .join(' ')}`,
  );
  lines.push(
    `${'groups/top10'.padEnd(12)} ${String(report.distinctGroups[service].questions).padStart(3)}  ${report.engines
      .map((e) => `${report.distinctGroups[e].meanDistinct.toFixed(1)} of ${report.distinctGroups[e].meanReturned.toFixed(1)}`.padEnd(14))
      .join(' ')}`,
    '',
  );
  lines.push(
    `${service} checks: ${Object.entries(report.checks)
      .map(([name, c]) => `${name} ${c.passing}/${c.questions}`)
      .join(', ')}`,
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
  const checkFailures = report.outcomes.flatMap((o) => {
    const a = o.answers[service];
    const problems = [
      ...(a.interpretationProblems ?? []).map((p) => `interpretation: ${p}`),
      ...(a.orderProblem ? [`order: ${a.orderProblem}`] : []),
      ...(a.collapseProblems ?? []).slice(0, 3).map((p) => `collapse: ${p}`),
      ...(o.first && !a.firstRelevant ? ['code: first result is not the coded product'] : []),
    ];
    return problems.length === 0 ? [] : [`  [${o.catalog}/${o.category}] "${o.q}": ${problems.join('; ')}`];
  });
  if (checkFailures.length > 0)
    lines.push(`${service}: ${checkFailures.length} questions failing a check beyond relevance`, ...checkFailures);
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
