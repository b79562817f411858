import type { Position, Ranked, TierRead } from './driver';
import { ABSENT, CUT, cellParams, type Level, levelCondition, levelsOf } from './levels';
import { BAND_WALK_ROWS, LEVEL_CELLS, LEVEL_READS, LEVELS_PER_STATEMENT, SCORE_EPSILON, SEARCH_CANDIDATES } from './limits';
import { LevelWalk } from './read-walk';
import { type Run, scoreExpression, scoreTier } from './score';
import { TIER_MATCH } from './tier';
import type { ScoreStep } from '../query-reading/search-terms';

/**
 * A tier of more matches than SEARCH_CANDIDATES, read level by level (levels.ts), best first, ids
 * in order inside a level, without scoring every match. Each level is read the cheapest exact way:
 *
 * - **walked** (read-walk.ts): the organization's rows in id order from the level's start (the
 *   cursor's id on the cursor's level, else the first row), each scored; exact when the walk finds
 *   the page's products at the level or reaches the organization's last row. BAND_WALK_ROWS first,
 *   for every level; a level whose words are only in descriptions (its candidates are most of the
 *   tier) up to LEVEL_WALK_ROWS;
 * - **through the indexes**: a level whose words are all in describing fields, by the field
 *   indexes of migration 1795840000000 (the title; with brand, categories and attributes; with tags
 *   too), which cost the level's candidates, not the tier's; up to LEVELS_PER_STATEMENT per statement.
 *
 * A page that needs more than LEVEL_READS index reads, a description level the walk does not
 * resolve, a level of more than LEVEL_CELLS cells or more than CELLS_ENUMERATED cells enumerated
 * is cut short there: the rest of the page is the best of a sample of SEARCH_CANDIDATES of the
 * tier's remaining matches, and the page says so (`exact: false`).
 */
export async function readLevels(read: TierRead, limit: number, after: Position | undefined): Promise<Ranked> {
  const { plan, tier } = read;
  const { stepsOf, params } = cellParams(plan);
  const score = scoreExpression(plan, params);
  const run: Run = (sql, extra) => read.run(sql, { ...params, ...extra });
  const walks = new Map<string | null, LevelWalk>();
  const walkFrom = async (start: string | null): Promise<LevelWalk> => {
    let walk = walks.get(start);
    if (!walk) {
      walk = new LevelWalk(run, read, start);
      walks.set(start, walk);
      await walk.extend(BAND_WALK_ROWS);
    }
    return walk;
  };
  await walkFrom(after?.id ?? null);
  const slots: Slot[] = [];
  const readIndexed = () => readPending(run, read, { stepsOf, score }, slots, limit);
  const finish = async (exact: boolean): Promise<Ranked> => {
    await readIndexed();
    const rows = slots.flatMap((s) => s.rows ?? []).slice(0, limit);
    if (exact || rows.length >= limit) return { rows, exact: true };
    // Cut short: the rest of the page is the best of a sample of the tier's matches after the last position.
    const below = rows.at(-1) ?? after;
    const sampled = await scoreTier(read.run, read.where, TIER_MATCH[tier], plan, limit - rows.length, below, SEARCH_CANDIDATES);
    return { rows: [...rows, ...sampled], exact: false };
  };
  let reads = 0;
  let batch = 2;
  for (const level of levelsOf(plan, tier)) {
    if (slotsBefore(slots) >= limit) break;
    if (level === CUT) return finish(false);
    if (after && level.score > after.score + SCORE_EPSILON) continue;
    // A level starts at the cursor's id on the cursor's level; a level below it may have lower ids.
    const from = after && Math.abs(level.score - after.score) <= SCORE_EPSILON ? after.id : null;
    const walk = await walkFrom(from);
    if (walk.resolves(level.score, limit)) {
      slots.push({ level, from, rows: walk.at(level.score, limit) });
      continue;
    }
    if (level.cells.length > LEVEL_CELLS) return finish(false);
    if (readsDescriptions(level, stepsOf)) {
      // Its candidates are most of the tier: walk further instead, in order, after the levels before it.
      await readIndexed();
      const need = limit - slotsBefore(slots);
      if (need <= 0) break;
      if (!(await walk.extendFor(level.score, need))) return finish(false);
      slots.push({ level, from, rows: walk.at(level.score, need) });
      continue;
    }
    if (reads >= LEVEL_READS) return finish(false);
    reads++;
    slots.push({ level, from, rows: null });
    if (slots.filter((s) => s.rows === null).length >= batch) {
      await readIndexed();
      batch = LEVELS_PER_STATEMENT;
    }
  }
  return finish(true);
}

/** Whether some cell of the level has a word only in descriptions: its candidates come from the search vector's index, most of the tier. */
function readsDescriptions(level: Level, stepsOf: ScoreStep[][]): boolean {
  return level.cells.some((cell) => cell.steps.some((j, i) => j !== ABSENT && stepsOf[i][j].weight === 'D'));
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
