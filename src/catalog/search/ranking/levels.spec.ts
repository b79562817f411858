import fc from 'fast-check';
import type { SearchPlan } from '../query-reading/query-analyzer.service';
import { scoreSteps, type Term } from '../query-reading/search-terms';
import { ABSENT, cellParams, CUT, type Level, levelCondition, levelsOf } from './levels';
import { round4 } from './score';
import { Tier } from './tier';

const term = (label: string, alternatives: string[] = [], exact = true): Term => ({
  label,
  exact: exact ? [{ lexemes: [label] }] : [],
  alternatives: alternatives.map((lexeme) => ({ lexemes: [lexeme], via: 'typo' })),
  strong: true,
});
const planOf = (terms: Term[], required = terms): SearchPlan =>
  ({ terms, required, excluded: [], words: [], constraints: { text: '', negated: [], words: [] } }) as unknown as SearchPlan;
const levels = (plan: SearchPlan, tier: Tier, bound?: number) => [...levelsOf(plan, tier, bound)];

/** Every cell of the tier by brute force: each word's steps (and ABSENT where allowed), in the tier, grouped by score, best first. */
function bruteForce(plan: SearchPlan, tier: Tier): Array<{ score: number; cells: string[] }> {
  const outcomes = plan.terms.map((t) => {
    const steps = scoreSteps(t).map((s, j) => ({ step: j, score: s.score }));
    return !plan.required.includes(t) || tier === Tier.Partial ? [...steps, { step: ABSENT, score: 0 }] : steps;
  });
  let cells: Array<{ steps: number[]; score: number }> = [{ steps: [], score: 0 }];
  for (const list of outcomes) cells = cells.flatMap((c) => list.map((o) => ({ steps: [...c.steps, o.step], score: c.score + o.score })));
  const required = plan.terms.map((t) => plan.required.includes(t));
  const valid = cells.filter((c) => {
    if (tier === Tier.AllWords) return true;
    const req = c.steps.filter((_, i) => required[i]);
    return req.some((s) => s === ABSENT) && req.some((s) => s !== ABSENT);
  });
  const byScore = new Map<number, string[]>();
  for (const c of valid) byScore.set(round4(c.score), [...(byScore.get(round4(c.score)) ?? []), c.steps.join(',')]);
  return [...byScore].sort((a, b) => b[0] - a[0]).map(([score, keys]) => ({ score, cells: keys.sort() }));
}
const asKeys = (found: Array<Level | typeof CUT>) =>
  found.map((l) => (l === CUT ? CUT : { score: l.score, cells: l.cells.map((c) => c.steps.join(',')).sort() }));

describe('score levels', () => {
  it('reads one word by its field steps, best first: title, brand/categories/attributes, tags, description', () => {
    expect(levels(planOf([term('lamp')]), Tier.AllWords).map((l) => (l === CUT ? l : [l.score, l.cells.length]))).toEqual([
      [1, 1],
      [0.6, 1],
      [0.4, 1],
      [0.2, 1],
    ]);
  });

  it('joins the cells of one score into one level (two words: title + category either way)', () => {
    const found = levels(planOf([term('lamp'), term('brass')]), Tier.AllWords);
    const level = found.find((l) => l !== CUT && l.score === 1.6) as Level;
    expect(level.cells.map((c) => c.steps.join(',')).sort()).toEqual(['0,1', '1,0']);
    expect(found).toHaveLength(bruteForce(planOf([term('lamp'), term('brass')]), Tier.AllWords).length);
  });

  it('partial matches lack a required word and have another; an optional word may be absent in either tier', () => {
    const lamp = term('lamp');
    const brass = term('brass');
    const partial = levels(planOf([lamp, brass]), Tier.Partial) as Level[];
    expect(partial[0].score).toBe(1);
    expect(partial[0].cells.map((c) => c.steps.join(',')).sort()).toEqual([`${ABSENT},0`, `0,${ABSENT}`]);
    for (const l of partial) for (const c of l.cells) expect(c.steps.filter((s) => s === ABSENT)).toHaveLength(1);
    const optional = levels(planOf([lamp, brass], [lamp]), Tier.AllWords) as Level[];
    expect(optional.flatMap((l) => l.cells).some((c) => c.steps[1] === ABSENT)).toBe(true);
    expect(optional.flatMap((l) => l.cells).some((c) => c.steps[0] === ABSENT)).toBe(false);
  });

  it('equals the brute-force enumeration for any plan of up to 5 words (fast-check)', () => {
    const termArb = fc.record({ alternatives: fc.boolean(), exact: fc.boolean(), required: fc.boolean() });
    fc.assert(
      fc.property(fc.array(termArb, { minLength: 1, maxLength: 5 }), fc.constantFrom(Tier.AllWords, Tier.Partial), (specs, tier) => {
        const terms = specs.map((s, i) => term(`w${i}`, s.alternatives || !s.exact ? [`v${i}`] : [], s.exact));
        const required = terms.filter((_, i) => specs[i].required);
        const plan = planOf(terms, required.length > 0 ? required : terms);
        expect(asKeys(levels(plan, tier, 1_000_000))).toEqual(bruteForce(plan, tier));
      }),
      { numRuns: 200 },
    );
  });

  it('says when the enumeration bound cut it, after the levels it completed', () => {
    const plan = planOf([term('a', ['x']), term('b', ['y']), term('c', ['z'])]);
    const found = levels(plan, Tier.AllWords, 10);
    expect(found.at(-1)).toBe(CUT);
    const complete = bruteForce(plan, Tier.AllWords);
    expect(asKeys(found.slice(0, -2))).toEqual(complete.slice(0, found.length - 2));
  });
});

describe('level conditions', () => {
  it('hides the score test from the planner and names each present word’s field index', () => {
    const plan = planOf([term('lamp'), term('brass')]);
    const { stepsOf, params } = cellParams(plan);
    const level: Level = { score: 0.6, cells: [{ steps: [1, ABSENT], score: 0.6 }] };
    expect(levelCondition(level, stepsOf, 'SCORE', 3)).toBe(
      "((SCORE) = CAST(:level3 AS numeric)) IS TRUE AND ts_filter(s.search, '{a,b}') @@ CAST(:words0_1 AS tsquery)",
    );
    expect(params).toMatchObject({ words0_0: "(('lamp'))", words0_1: "(('lamp'))", words1_3: "(('brass'))" });
  });

  it('ORs the index conditions of a level’s cells, each once; a description step reads the search vector’s index', () => {
    const plan = planOf([term('lamp'), term('brass')]);
    const { stepsOf } = cellParams(plan);
    const cells = [
      { steps: [0, 3], score: 1.2 },
      { steps: [3, 0], score: 1.2 },
      { steps: [3, 0], score: 1.2 },
    ];
    expect(levelCondition({ score: 1.2, cells }, stepsOf, 'S', 0)).toBe(
      "((S) = CAST(:level0 AS numeric)) IS TRUE AND ((ts_filter(s.search, '{a}') @@ CAST(:words0_0 AS tsquery) AND s.search @@ CAST(:words1_3 AS tsquery)) OR " +
        "(s.search @@ CAST(:words0_3 AS tsquery) AND ts_filter(s.search, '{a}') @@ CAST(:words1_0 AS tsquery)))",
    );
  });

  it('reads a phrase’s lexemes together in the index, and each form of a word', () => {
    const phrase: Term = {
      label: 'sofa throw',
      exact: [{ lexemes: ['sofa', 'throw'] }],
      alternatives: [{ lexemes: ['blanket'] }],
      strong: true,
    };
    const { params, stepsOf } = cellParams(planOf([phrase]));
    expect(params.words0_0).toBe("(('sofa' & 'throw'))");
    expect(stepsOf[0][0].query).toBe("(('sofa':A <-> 'throw':A))");
    expect(params.words0_1).toBe("(('blanket'))");
  });
});
