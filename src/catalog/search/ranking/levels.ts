import type { SearchPlan } from '../query-reading/query-analyzer.service';
import { type FieldWeight, type Operand, renderOperand, scoreSteps, type ScoreStep } from '../query-reading/search-terms';
import { CELLS_ENUMERATED, SCORE_EPSILON } from './limits';
import { round4 } from './score';
import { Tier } from './tier';

/**
 * Score levels, as Meilisearch's bucket sort reads its buckets. A product's score is a sum of one
 * discrete step per query word (the first of the word's steps it matches: title, brand/categories/
 * attributes, tags, description; exact forms, alternatives, fallbacks), or nothing for a word it
 * lacks. A **cell** fixes that step for every word, so all of a cell's products have one score; a
 * **level** is the cells of one score, and its products are ordered by id alone. The levels of a
 * tier are enumerated best first, lazily (a heap over the words' step lists), for any number of
 * words.
 */

/** Per word, the index of its step in scoreSteps (ABSENT: the product lacks the word). */
export const ABSENT = -1;

export interface Cell {
  steps: number[];
  score: number;
}

export interface Level {
  score: number;
  cells: Cell[];
}

/** The enumeration stopped at CELLS_ENUMERATED cells: the levels after are not known. */
export const CUT = 'cut';

/** Each word's outcomes, best first: its steps, then ABSENT where the tier allows it. */
export function outcomesOf(plan: SearchPlan, tier: Tier): Array<Array<{ step: number; score: number }>> {
  const required = new Set(plan.required);
  return plan.terms.map((term) => {
    const steps = scoreSteps(term).map((s, j) => ({ step: j, score: s.score }));
    // A word the tier may lack: an optional one, or (partial matches) any.
    return !required.has(term) || tier === Tier.Partial ? [...steps, { step: ABSENT, score: 0 }] : steps;
  });
}

/**
 * Whether a cell belongs to the tier: all-words matches have every required word (the outcome
 * lists already say so); partial matches lack at least one and have at least one.
 */
function inTier(plan: SearchPlan, tier: Tier, steps: number[]): boolean {
  if (tier === Tier.AllWords) return true;
  const required = plan.terms.map((term, i) => (plan.required.includes(term) ? steps[i] : null)).filter((s) => s !== null);
  return required.some((s) => s === ABSENT) && required.some((s) => s !== ABSENT);
}

/**
 * The tier's levels, best first; CUT when more than `bound` cells were enumerated (valid or not)
 * before the levels asked for were all known.
 */
export function* levelsOf(plan: SearchPlan, tier: Tier, bound = CELLS_ENUMERATED): Generator<Level | typeof CUT> {
  const outcomes = outcomesOf(plan, tier);
  if (outcomes.length === 0 || outcomes.some((o) => o.length === 0)) return;
  const scoreOf = (at: number[]) => round4(at.reduce((sum, k, i) => sum + outcomes[i][k].score, 0));
  const heap = new MaxHeap<number[]>();
  const seen = new Set<string>();
  const push = (at: number[]) => {
    const key = at.join(',');
    if (seen.has(key)) return;
    seen.add(key);
    heap.push(scoreOf(at), at);
  };
  push(outcomes.map(() => 0));
  let popped = 0;
  let level: Level | null = null;
  while (heap.size > 0) {
    if (popped++ >= bound) {
      if (level) yield level;
      yield CUT;
      return;
    }
    const { score, value: at } = heap.pop();
    at.forEach((k, i) => {
      if (k + 1 < outcomes[i].length) push(at.map((x, j) => (j === i ? x + 1 : x)));
    });
    const steps = at.map((k, i) => outcomes[i][k].step);
    if (!inTier(plan, tier, steps)) continue;
    if (level && Math.abs(level.score - score) > SCORE_EPSILON) {
      yield level;
      level = null;
    }
    level ??= { score, cells: [] };
    level.cells.push({ steps, score });
  }
  if (level) yield level;
}

/** A term's operands as tsquery text for a field index: each operand's lexemes together (a phrase's apart), any operand. */
function indexWords(operands: Operand[]): string {
  return `(${operands.map((o) => `(${o.lexemes.map((l) => renderOperand({ lexemes: [l] })).join(' & ')})`).join(' | ')})`;
}

/** Which index answers a step's field: the field indexes of migration 1795840000000 (ts_filter weights), or the search vector's. */
const INDEX_OF_WEIGHT: Record<FieldWeight, string> = {
  A: "ts_filter(s.search, '{a}')",
  B: "ts_filter(s.search, '{a,b}')",
  C: "ts_filter(s.search, '{a,b,c}')",
  D: 's.search',
};

/**
 * A level as an SQL condition over `s` (product_search): the product's score (`score`, the
 * ranking's own expression over `h`) is the level's, wrapped so no index answers it (`IS TRUE`:
 * the search vector's index holds no weights, and left to choose the planner rechecked every match
 * of a common word for a level the title index shows empty), AND the candidates of its cells
 * through the indexes: per cell, each present word's forms in the index of its step's field (the
 * cells' index conditions, without repeats, OR'ed). Names `:level${k}` (the score as an exact
 * decimal) and the parameters of cellParams.
 */
export function levelCondition(level: Level, stepsOf: ScoreStep[][], score: string, k: number): string {
  const signatures = new Set(
    level.cells.map((cell) => {
      const indexed = cell.steps.flatMap((j, i) =>
        j === ABSENT ? [] : [`${INDEX_OF_WEIGHT[stepsOf[i][j].weight]} @@ CAST(:words${i}_${j} AS tsquery)`],
      );
      return indexed.length === 1 ? indexed[0] : `(${indexed.join(' AND ')})`;
    }),
  );
  const candidates = signatures.size === 1 ? [...signatures][0] : `(${[...signatures].join(' OR ')})`;
  return `((${score}) = CAST(:level${k} AS numeric)) IS TRUE AND ${candidates}`;
}

/** The parameters level conditions name: per word and step, the step's forms for the field indexes. */
export function cellParams(plan: SearchPlan): { stepsOf: ScoreStep[][]; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  const stepsOf = plan.terms.map((term, i) => {
    const steps = scoreSteps(term);
    steps.forEach((step, j) => {
      params[`words${i}_${j}`] = indexWords(step.operands);
    });
    return steps;
  });
  return { stepsOf, params };
}

/** A max-heap by score; ties pop in insertion order (deterministic levels). */
class MaxHeap<T> {
  private readonly items: Array<{ score: number; order: number; value: T }> = [];
  private next = 0;

  get size(): number {
    return this.items.length;
  }

  push(score: number, value: T): void {
    this.items.push({ score, order: this.next++, value });
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      [this.items[i], this.items[parent]] = [this.items[parent], this.items[i]];
      i = parent;
    }
  }

  pop(): { score: number; value: T } {
    const top = this.items[0];
    const last = this.items.pop() as (typeof this.items)[number];
    if (this.items.length > 0) {
      this.items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < this.items.length && this.before(l, best)) best = l;
        if (r < this.items.length && this.before(r, best)) best = r;
        if (best === i) break;
        [this.items[i], this.items[best]] = [this.items[best], this.items[i]];
        i = best;
      }
    }
    return { score: top.score, value: top.value };
  }

  private before(a: number, b: number): boolean {
    const x = this.items[a];
    const y = this.items[b];
    return x.score > y.score + SCORE_EPSILON || (Math.abs(x.score - y.score) <= SCORE_EPSILON && x.order < y.order);
  }
}
