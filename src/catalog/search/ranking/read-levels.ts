import type { Position, Ranked, TierRead } from './driver';
import { CUT, cellParams, type Level, levelCondition, levelsOf } from './levels';
import { BAND_WALK_ROWS, LEVEL_CELLS, LEVEL_READS, LEVELS_PER_STATEMENT, SCORE_EPSILON, SEARCH_CANDIDATES } from './limits';
import { inIdOrder, type Run, scoreExpression, scoreTier } from './score';
import { TIER_MATCH } from './tier';
import type { ScoreStep } from '../query-reading/search-terms';

/**
 * A tier of more matches than SEARCH_CANDIDATES, read level by level (levels.ts), best first, ids
 * in order inside a level, without scoring every match. A level's next products are found by one
 * walk of the organization's next BAND_WALK_ROWS rows in id order when the level is dense there (a
 * word in many descriptions), else through the field indexes of migration 1795840000000 (the title;
 * with brand, categories and attributes; with tags too) and the search vector's own, which cost
 * the level's members, not the tier's. Up to LEVELS_PER_STATEMENT levels are probed per statement.
 *
 * Exact, with every match reachable by paging, unless a page needs more than LEVEL_READS levels
 * (or a level joins more than LEVEL_CELLS cells, or the enumeration itself is cut): the rest of that
 * page is then the best of a sample of SEARCH_CANDIDATES of the tier's remaining matches, and the
 * page says it was cut short (`exact: false`).
 */
export async function readLevels(read: TierRead, limit: number, after: Position | undefined): Promise<Ranked> {
  const { plan, tier } = read;
  const { stepsOf, params } = cellParams(plan);
  const score = scoreExpression(plan, params);
  const run: Run = (sql, extra) => read.run(sql, { ...params, ...extra });
  const walk = await walkLevels(run, read, after);
  const slots: Slot[] = [];
  const finish = async (exact: boolean): Promise<Ranked> => {
    await readPending(run, read, { stepsOf, score }, slots, limit);
    const rows = slots.flatMap((s) => s.rows ?? []).slice(0, limit);
    if (exact || rows.length >= limit) return { rows, exact: true };
    // Cut short: the rest of the page is the best of a sample of the tier's matches after the last position.
    const sampled = await scoreTier(
      read.run,
      read.where,
      TIER_MATCH[tier],
      plan,
      limit - rows.length,
      rows.at(-1) ?? after,
      SEARCH_CANDIDATES,
    );
    return { rows: [...rows, ...sampled], exact: false };
  };
  let reads = 0;
  let batch = 2;
  for (const level of levelsOf(plan, tier)) {
    if (slotsBefore(slots) >= limit) break;
    if (level === CUT) return finish(false);
    if (after && level.score > after.score + SCORE_EPSILON) continue;
    const from = after && Math.abs(level.score - after.score) <= SCORE_EPSILON ? after.id : null;
    // The walk started at the cursor's id: its finds are a level's next products when the level
    // starts there (no cursor, or the cursor's own level) and they fill the page or the walk reached
    // the organization's last row. A level below the cursor's may have lower ids than the cursor.
    const walked = walk.rows.filter((r) => Math.abs(r.score - level.score) <= SCORE_EPSILON);
    if ((!after || from !== null) && (walk.ended || walked.length >= limit)) {
      slots.push({ level, from, rows: walked.slice(0, limit) });
      continue;
    }
    if (level.cells.length > LEVEL_CELLS || reads >= LEVEL_READS) return finish(false);
    reads++;
    slots.push({ level, from, rows: null });
    if (slots.filter((s) => s.rows === null).length >= batch) {
      await readPending(run, read, { stepsOf, score }, slots, limit);
      batch = LEVELS_PER_STATEMENT;
    }
  }
  return finish(true);
}

/** A level to read: its rows once known (null: to be read through the indexes), from after `from` (the cursor's id, on the cursor's level). */
interface Slot {
  level: Level;
  from: string | null;
  rows: Position[] | null;
}

/** Rows known before the first level still to be read (what the page has for sure). */
function slotsBefore(slots: Slot[]): number {
  let n = 0;
  for (const slot of slots) {
    if (slot.rows === null) return n;
    n += slot.rows.length;
  }
  return n;
}

/** Reads every level still to be read in one statement: each its next products in id order, as many as the page may still take. */
async function readPending(
  run: Run,
  read: TierRead,
  levels: { stepsOf: ScoreStep[][]; score: string },
  slots: Slot[],
  limit: number,
): Promise<void> {
  const pending = slots.map((slot, k) => ({ slot, k })).filter((p) => p.slot.rows === null);
  if (pending.length === 0) return;
  const need = Math.max(1, limit - slotsBefore(slots));
  const params: Record<string, unknown> = { need };
  const arms = pending.map(({ slot, k }) => {
    params[`from${k}`] = slot.from ?? '';
    params[`level${k}`] = slot.level.score.toFixed(4);
    return levelArm(read, levelCondition(slot.level, levels.stepsOf, levels.score, k), k);
  });
  const found = await run<{ k: number; product_id: string }>(arms.join(' UNION ALL '), params);
  for (const { slot, k } of pending) slot.rows = found.filter((r) => r.k === k).map((r) => ({ score: slot.level.score, id: r.product_id }));
}

/**
 * One level's next `:need` products after `:from${k}` in id order. Its members are gathered first
 * (MATERIALIZED), through the indexes its condition names: ordered by id directly, the planner may
 * walk the organization's primary key and test every row, all of them for an empty level.
 */
export function levelArm(read: Pick<TierRead, 'where' | 'tier'>, condition: string, k: number): string {
  return `(WITH l${k} AS MATERIALIZED (
      SELECT s.product_id FROM product_search s CROSS JOIN LATERAL (SELECT s.search) h
       WHERE ${read.where} AND (${TIER_MATCH[read.tier]}) IS TRUE AND ${condition} AND s.product_id > CAST(:from${k} AS text)
    )
    SELECT ${k} AS k, l${k}.product_id FROM l${k} ORDER BY l${k}.product_id LIMIT :need)`;
}

/**
 * The tier's matches after `after`, scored, among the organization's next BAND_WALK_ROWS rows in id
 * order (after the cursor's id, with a cursor), and whether the walk reached the organization's
 * last row.
 */
async function walkLevels(run: Run, read: TierRead, after: Position | undefined): Promise<{ rows: Position[]; ended: boolean }> {
  const params: Record<string, unknown> = { afterId: after?.id ?? null, afterScore: after?.score ?? null, walk: BAND_WALK_ROWS };
  const where = `${read.where} AND ${TIER_MATCH[read.tier]}`;
  const score = scoreExpression(read.plan, params);
  const [walked] = await inIdOrder(run, () =>
    run<{ found: Array<{ id: string; score: number }>; walked: number }>(
      `SELECT count(*)::int AS walked,
              coalesce(json_agg(json_build_object('id', w.product_id, 'score', w.score) ORDER BY w.product_id)
                         FILTER (WHERE w.hit AND (CAST(:afterScore AS float8) IS NULL OR w.score < :afterScore
                                                  OR (w.score = :afterScore AND w.product_id > :afterId))), '[]') AS found
         FROM (SELECT s.product_id, (${where}) AS hit, CASE WHEN ${where} THEN (${score})::float8 END AS score
                 FROM (SELECT * FROM product_search s
                        WHERE s.organization_id = CAST(:organizationId AS uuid) AND s.product_id > coalesce(CAST(:afterId AS text), '')
                        ORDER BY s.product_id LIMIT :walk) s
                CROSS JOIN LATERAL (SELECT s.search) h) w`,
      params,
    ),
  );
  return { rows: walked.found.map((r) => ({ score: Number(r.score), id: r.id })), ended: walked.walked < BAND_WALK_ROWS };
}
