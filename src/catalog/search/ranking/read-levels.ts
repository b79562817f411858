import type { Position, Ranked, TierRead } from './tier-read';
import { ABSENT, type Cell, CUT, cellParams, type Level, levelCondition, levelsOf } from './levels';
import { BAND_WALK_ROWS, LEVEL_CELLS, LEVEL_READS, SCORE_EPSILON, SEARCH_CANDIDATES } from './limits';
import { Deadline, DeadlinePassed } from './deadline';
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
 *   the page's products at the level or reaches the organization's last row. BAND_WALK_ROWS, then
 *   up to LEVEL_WALK_ROWS (doubling);
 * - **through the indexes**, when the walk did not fill it: a level whose words are all in
 *   describing fields, by the field indexes of migration 1795840000000 (the title; with brand,
 *   categories and attributes; with tags too), which cost the level's candidates, not the tier's.
 *
 * A page whose level reads outlast the ranking budget (SEARCH_RANKING_BUDGET_MS, deadline.ts), or
 * that needs more than LEVEL_READS index reads, a level with a word in descriptions that the walk
 * does not fill, a level of more than LEVEL_CELLS cells or more than CELLS_ENUMERATED cells
 * enumerated, is cut short there: the rest of the page is the best of a sample of SEARCH_CANDIDATES of the
 * tier's remaining matches, and the page says so (`exact: false`).
 */
export async function readLevels(read: TierRead, limit: number, after: Position | undefined): Promise<Ranked> {
  const { plan, tier } = read;
  const { stepsOf, params } = cellParams(plan);
  const score = scoreExpression(plan, params);
  const run: Run = (sql, extra) => read.run(sql, { ...params, ...extra });
  const timed = new Deadline(read.budgetMs).bind(run);
  const walks = new Map<string | null, LevelWalk>();
  const walkFrom = async (start: string | null): Promise<LevelWalk> => {
    let walk = walks.get(start);
    if (!walk) {
      walk = new LevelWalk({ run, timed }, read, start);
      walks.set(start, walk);
      await walk.extend(BAND_WALK_ROWS);
    }
    return walk;
  };
  const rows: Position[] = [];
  let reads = 0;
  /** Reads levels into `rows` until the page is full (true) or a bound stops them (false). */
  const rank = async (): Promise<boolean> => {
    await walkFrom(after?.id ?? null);
    for (const level of levelsOf(plan, tier)) {
      const need = limit - rows.length;
      if (need <= 0) return true;
      if (level === CUT) return false;
      if (after && level.score > after.score + SCORE_EPSILON) continue;
      // A level starts at the cursor's id on the cursor's level; a level below it may have lower ids.
      const from = after && Math.abs(level.score - after.score) <= SCORE_EPSILON ? after.id : null;
      const walk = await walkFrom(from);
      // The walk first (BAND_WALK_ROWS, then doubling up to LEVEL_WALK_ROWS): a level whose candidates
      // through the indexes are many (a word in many titles is a candidate of its category level too)
      // is often dense enough in id order. Through the indexes, a level with a word in descriptions cost
      // seconds at a million products (the search vector's index brings most of the tier as candidates):
      // it is walked to the bound, and the page cut when that does not fill it; another level is walked
      // only as far as its density promises.
      const descriptions = level.cells.some((cell) => readsDescriptions(cell, stepsOf));
      if (walk.resolves(level.score, need) || (await walk.extendFor(level.score, need, !descriptions))) {
        rows.push(...walk.at(level.score, need));
        continue;
      }
      if (descriptions || level.cells.length > LEVEL_CELLS || reads++ >= LEVEL_READS) return false;
      rows.push(...(await readLevel(timed, read, { stepsOf, score }, level, from, need)));
    }
    return true;
  };
  let exact: boolean;
  try {
    exact = await rank();
  } catch (error) {
    if (!(error instanceof DeadlinePassed)) throw error;
    exact = false;
  }
  if (exact || rows.length >= limit) return { rows: rows.slice(0, limit), exact: true };
  // Cut short: the rest of the page is the best of a sample of the tier's matches after the last position.
  const below = rows.at(-1) ?? after;
  const sampled = await scoreTier(read.run, read.where, TIER_MATCH[tier], plan, limit - rows.length, below, SEARCH_CANDIDATES);
  return { rows: [...rows, ...sampled], exact: false };
}

/** Whether a word of the cell is only in descriptions: its candidates include the search vector's, which may be most of the tier. */
function readsDescriptions(cell: Cell, stepsOf: ScoreStep[][]): boolean {
  return cell.steps.some((j, i) => j !== ABSENT && stepsOf[i][j].weight === 'D');
}

/**
 * A level's next `need` products after `from` (the cursor's id on its level) in id order, through
 * the indexes its condition names. Its members are gathered first (MATERIALIZED): ordered by id
 * directly, the planner may walk the organization's primary key and test every row, all of them
 * for an empty level.
 */
async function readLevel(
  run: Run,
  read: TierRead,
  levels: { stepsOf: ScoreStep[][]; score: string },
  level: Level,
  from: string | null,
  need: number,
): Promise<Position[]> {
  const found = await run<{ product_id: string }>(
    `WITH l AS MATERIALIZED (
       SELECT s.product_id FROM product_search s CROSS JOIN LATERAL (SELECT s.search) h
        WHERE ${read.where} AND (${TIER_MATCH[read.tier]}) IS TRUE AND ${levelCondition(level, levels.stepsOf, levels.score, 0)}
          AND s.product_id > CAST(:from AS text)
     )
     SELECT l.product_id FROM l ORDER BY l.product_id LIMIT :need`,
    { from: from ?? '', level0: level.score.toFixed(4), need },
  );
  return found.map((r) => ({ score: level.score, id: r.product_id }));
}
