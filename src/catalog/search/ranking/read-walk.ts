import type { Position, TierRead } from './tier-read';
import { LEVEL_WALK_ROWS, SCORE_EPSILON } from './limits';
import { inIdOrder, type Run, scoreExpression } from './score';
import { TIER_MATCH } from './tier';

/**
 * A walk of the organization's rows in product id order from `start` (exclusive; null: its first
 * row), each of the tier's matches among them scored: a level's products within the walked rows
 * are its first ones in id order, so a dense level (a word in many descriptions) is read here
 * without an index. Extended in steps; never beyond LEVEL_WALK_ROWS rows.
 */
export class LevelWalk {
  private readonly found: Position[] = [];
  private walked = 0;
  private last: string | null;
  private ended = false;

  /** `run` for the planner settings, `timed` (bounded by the ranking budget) for the walk's own statements beyond the first. */
  constructor(
    private readonly runs: { run: Run; timed: Run },
    private readonly read: TierRead,
    start: string | null,
  ) {
    this.last = start;
  }

  /** Whether the walk holds the level's next `need` products (or all of them: it reached the organization's last row). */
  resolves(score: number, need: number): boolean {
    return this.ended || this.at(score, need).length >= need;
  }

  /** The level's products walked so far, in id order, at most `limit`. */
  at(score: number, limit: number): Position[] {
    return this.found.filter((r) => Math.abs(r.score - score) <= SCORE_EPSILON).slice(0, limit);
  }

  /**
   * Walks on until it resolves the level or reaches LEVEL_WALK_ROWS in all (false: it did not).
   * `guess`: only while the level's density in the rows walked so far says the bound will do (with
   * half as many again for luck); a level not met so far is then left to an index, which reads a
   * sparse level cheaper than a walk.
   */
  async extendFor(score: number, need: number, guess: boolean): Promise<boolean> {
    while (!this.resolves(score, need)) {
      const found = this.at(score, need).length;
      const target = Math.ceil(((this.walked * need) / Math.max(found, 1)) * 1.5);
      if (guess && (found === 0 || target > 2 * LEVEL_WALK_ROWS)) return false;
      // Each step walks at least as many rows as so far (doubling), so the loop ends at the bound.
      const rows = Math.min(Math.max(guess ? target - this.walked : 0, this.walked), LEVEL_WALK_ROWS - this.walked);
      if (rows <= 0) return false;
      await this.extend(rows, this.runs.timed);
    }
    return true;
  }

  /**
   * The next `rows` rows, read through the primary key in order whatever the statistics say
   * (inIdOrder), the tier condition tested and the score computed per row, one statement.
   */
  async extend(rows: number, run: Run = this.runs.run): Promise<void> {
    if (this.ended || rows <= 0) return;
    const params: Record<string, unknown> = { walkFrom: this.last, walk: rows };
    const where = `${this.read.where} AND ${TIER_MATCH[this.read.tier]}`;
    const score = scoreExpression(this.read.plan, params);
    const [walked] = await inIdOrder(this.runs.run, () =>
      run<{ found: Array<{ id: string; score: number }>; walked: number; last: string | null }>(
        `SELECT count(*)::int AS walked, max(w.product_id) AS last,
                coalesce(json_agg(json_build_object('id', w.product_id, 'score', w.score) ORDER BY w.product_id) FILTER (WHERE w.hit), '[]') AS found
           FROM (SELECT s.product_id, (${where}) AS hit, CASE WHEN ${where} THEN (${score})::float8 END AS score
                   FROM (SELECT * FROM product_search s
                          WHERE s.organization_id = CAST(:organizationId AS uuid) AND s.product_id > coalesce(CAST(:walkFrom AS text), '')
                          ORDER BY s.product_id LIMIT :walk) s
                  CROSS JOIN LATERAL (SELECT s.search) h) w`,
        params,
      ),
    );
    this.found.push(...walked.found.map((r) => ({ score: Number(r.score), id: r.id })));
    this.walked += walked.walked;
    this.last = walked.last ?? this.last;
    this.ended = walked.walked < rows;
  }
}
