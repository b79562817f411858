import type { Client } from 'pg';
import type { DataSource } from 'typeorm';

/** A node of a plan as EXPLAIN (FORMAT JSON) writes it. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Plans?: PlanNode[];
}

/** A statement, its plan and the planner settings it was planned under that differ from the defaults. */
export interface ExplainedStatement {
  query: string;
  plan: PlanNode;
  settings: Record<string, string>;
}

/** A plan and every node under it. */
export function* planNodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* planNodes(child);
}

/**
 * auto_explain sends the plan of every statement the service runs, nested ones included, to the
 * client as a NOTICE, with the planner settings that differ from the defaults.
 */
const EXPLAIN_EVERY_STATEMENT = [
  'session_preload_libraries=auto_explain',
  'auto_explain.log_min_duration=0',
  'auto_explain.log_level=notice',
  'auto_explain.log_format=json',
  'auto_explain.log_nested_statements=on',
  'auto_explain.log_settings=on',
]
  .map((setting) => `-c ${setting}`)
  .join(' ');

/** The database URL whose sessions explain every statement they run (see collectPlans). */
export function explainingEveryStatement(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', EXPLAIN_EVERY_STATEMENT);
  return url.toString();
}

/**
 * From now on, the plan of every statement run on the data source's pool (connections opened later
 * included) is pushed to the returned array, in the order the notices arrive.
 */
export function collectPlans(db: DataSource): ExplainedStatement[] {
  const plans: ExplainedStatement[] = [];
  const pool = (db.driver as unknown as { master: { on(e: string, f: (c: Client) => void): void; _clients: Client[] } }).master;
  const listen = (client: Client) =>
    client.on('notice', (notice) => {
      const json = notice.message?.slice(notice.message.indexOf('{'));
      if (!json?.startsWith('{')) return;
      const explained = JSON.parse(json) as { 'Query Text': string; Plan: PlanNode; Settings?: Record<string, string> };
      plans.push({ query: explained['Query Text'], plan: explained.Plan, settings: explained.Settings ?? {} });
    });
  pool._clients.forEach(listen);
  pool.on('connect', listen);
  return plans;
}
