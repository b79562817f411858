import type { SearchPlan } from './query-reading/query-analyzer';
import { ALTERNATIVE_FACTOR, FALLBACK_FACTOR, FIELD_SCORES, formsOf, renderOperand, type Term } from './query-reading/search-terms';
import { BAND_WALK_ROWS, inIdOrder, type Run, SCORE_EPSILON, scoreExpression, SEARCH_CANDIDATES, scoreTier } from './tier-scoring';

/**
 * Ranking a tier of more matches than SEARCH_CANDIDATES whose top band did not fill the page,
 * exactly, without scoring every match. Where each of the query's terms is in a product, by the
 * field indexes of migration 1795840000000, puts the product in a **cell**: per term, in the title,
 * else in the brand, categories or attributes, else in the tags, else elsewhere (its description,
 * or nowhere; see PLACES). A cell bounds its products' scores (its **ceiling**: each term at the best step its
 * place allows), and its members are found through those indexes, not by reading every match.
 *
 * Cells are read best ceiling first, until the page's last score beats every ceiling left. A cell's
 * first positions are the lowest ids at its ceiling: a walk of the organization's rows in id order
 * finds them when they are dense (a word in many categories, or in many descriptions); else the
 * cell is scored whole. Exact but for two bounded cases: a cell of more than SEARCH_CANDIDATES
 * matches whose ceiling the walk does not fill is scored as a sample of that many, and a query of
 * more than CELL_TERMS terms is ranked among a sample of the tier, as before these cells.
 */
export async function rankBoundedTier(
  run: Run,
  where: string,
  match: string,
  plan: SearchPlan,
  partial: boolean,
  limit: number,
  after: { score: number; id: string } | undefined,
): Promise<Array<{ score: number; id: string }>> {
  if (plan.terms.length > CELL_TERMS) return scoreTier(run, where, match, plan, limit, after, SEARCH_CANDIDATES);
  const forms = plan.terms.map(termForms);
  const params = Object.fromEntries(forms.flatMap((f, i) => f.at.map((at, place) => [`at${i}_${place}`, at])));
  const withWords: Run = (sql, extra) => run(sql, { ...extra, ...params });
  const cells = allCells(plan, partial);
  const walk = await walkCells(withWords, `${where} AND ${match}`, plan, forms, after);
  const found: Array<{ score: number; id: string }> = [];
  for (const cell of cells) {
    const last = kthScore(found, limit);
    if (last !== undefined && last > cell.ceiling + SCORE_EPSILON) break;
    const walked = walk.rows.filter((r) => r.cell === cell.key);
    // Without a cursor the walk starts at the organization's first row: when it reached the last, its
    // finds are all the cell has. From a cursor's id, it holds the cell's next products at its
    // ceiling only when that is the cursor's score (those with a lower score may have lower ids).
    if (!after && walk.ended) {
      found.push(...walked);
      continue;
    }
    const usable = !after || Math.abs(after.score - cell.ceiling) <= SCORE_EPSILON;
    const atCeiling = walked.filter((r) => r.score >= cell.ceiling - SCORE_EPSILON);
    if (usable && atCeiling.length >= limit) {
      found.push(...atCeiling.slice(0, limit));
      continue;
    }
    found.push(...(await scoreCell(withWords, where, match, cellCondition(cell, forms), plan, limit, after)));
  }
  return topRanked(run, found, limit);
}

/**
 * Terms beyond which a query is ranked among a sample instead of by cells (4 ^ terms of them). A
 * cell is read through the field indexes or, where the planner finds the whole tier narrower, by
 * reading the tier's matches: with 3 words, 9 cells of a 13,000-match tier cost 400 ms (a sample 50).
 */
export const CELL_TERMS = 2;

/**
 * Where a term's words can be in a product, best first: the search vector's weights holding them
 * there (`weights`, and not those of a better place), the field index answering it (`index`: the
 * ts_filter weights of migration 1795840000000) and the field whose step is the best it is worth.
 * The last place is the description, or nowhere.
 */
const PLACES = [
  { weights: 'A', index: 'a', field: 'A' }, // title
  { weights: 'B', index: 'a,b', field: 'B' }, // brand, categories, attributes
  { weights: 'C', index: 'a,b,c', field: 'C' }, // tags
  { weights: null, index: null, field: 'D' },
] as const;

interface Cell {
  /** Per term, its index in PLACES. */
  places: number[];
  /** The cell's number in the walk: sum of place × 4 ^ term. */
  key: number;
  ceiling: number;
}

const FIELD = Object.fromEntries(FIELD_SCORES) as Record<'A' | 'B' | 'C' | 'D', number>;

/** The best a term can be worth in a place: its exact form's step there, else its alternatives', else its fallbacks'. */
function placeBest(term: Term, place: number): number {
  const field = FIELD[PLACES[place].field];
  if (term.exact.length > 0) return field;
  return term.alternatives.length > 0 ? field * ALTERNATIVE_FACTOR : field * FALLBACK_FACTOR;
}

/** Every cell of the plan's terms, best ceiling first. */
function allCells(plan: SearchPlan, partial: boolean): Cell[] {
  let cells: number[][] = [[]];
  for (let i = 0; i < plan.terms.length; i++) cells = cells.flatMap((c) => PLACES.map((_, p) => [...c, p]));
  const required = new Set(plan.required);
  const elsewhere = PLACES.length - 1;
  return cells
    .map((places) => {
      const best = places.map((p, i) => placeBest(plan.terms[i], p));
      // A partial match lacks a required term, which is then in no describing field: one of those
      // (or, if none is, as a phrase can be, any required term) is worth nothing.
      const absent = best.filter((_, i) => required.has(plan.terms[i]) && places[i] === elsewhere);
      const missing = partial ? Math.min(...(absent.length > 0 ? absent : best.filter((_, i) => required.has(plan.terms[i])))) : 0;
      return {
        places,
        key: places.reduce((sum, p, i) => sum + p * PLACES.length ** i, 0),
        ceiling: Number((best.reduce((sum, b) => sum + b, 0) - missing).toFixed(4)),
      };
    })
    .sort((a, b) => b.ceiling - a.ceiling);
}

/**
 * Every lexeme of a term, in any form, in the fields `weights` ('' for any) as tsquery text (a
 * phrase's lexemes one by one: a product with them apart is in a better cell than its score, never
 * a worse one).
 */
function termWords(term: Term, weights: string): string {
  const lexemes = [...new Set(formsOf(term).flatMap((o) => o.lexemes))];
  return `(${lexemes.map((l) => renderOperand({ lexemes: [l] }, weights)).join(' | ')})`;
}

/** A term's lexemes in each place's weights (tsqueries over the whole vector), and in any field. */
interface TermForms {
  /** Per place but the last: its lexemes in that place's weights. */
  at: string[];
  words: string;
}

function termForms(term: Term): TermForms {
  return { at: PLACES.flatMap((p) => (p.weights ? [termWords(term, p.weights)] : [])), words: termWords(term, '') };
}

/** A term in a place and in no better one, as tsquery text over the whole vector. */
function inPlace(forms: TermForms, place: number): string {
  const better = forms.at.slice(0, place);
  const here = place < forms.at.length ? [forms.at[place]] : [];
  return [...here, ...better.map((b) => `!${b}`)].join(' & ');
}

/**
 * A cell's members (SQL over `s` and its parameters): one tsquery over the whole vector (each term
 * in its place), checked once per row read; and, for a cell with a term in a describing field,
 * those terms' words for the field indexes of migration 1795840000000 (`fields`).
 */
function cellCondition(cell: Cell, forms: TermForms[]): { vector: string; fields: string | null; params: Record<string, unknown> } {
  const params: Record<string, unknown> = { cell: cell.places.map((place, i) => inPlace(forms[i], place)).join(' & ') };
  const fields: string[] = [];
  PLACES.forEach(({ index }, place) => {
    const words = forms.filter((_, i) => cell.places[i] === place).map((f) => f.words);
    if (!index || words.length === 0) return;
    fields.push(`ts_filter(s.search, '{${index}}') @@ CAST(:fields${place} AS tsquery)`);
    params[`fields${place}`] = words.join(' & ');
  });
  return { vector: 's.search @@ CAST(:cell AS tsquery)', fields: fields.length > 0 ? fields.join(' AND ') : null, params };
}

/** The cell of a row `h` as SQL: the sum of place × 4 ^ term (`at${term}_${place}`: TermForms.at). */
function cellKeySql(forms: TermForms[]): string {
  return forms
    .map((f, i) => {
      const whens = f.at.map((_, place) => `WHEN h.search @@ CAST(:at${i}_${place} AS tsquery) THEN ${place}`).join(' ');
      return `(CASE ${whens} ELSE ${f.at.length} END) * ${PLACES.length ** i}`;
    })
    .join(' + ');
}

/**
 * A cell's next `limit` positions after `after`, scored, by score and id, in one statement: all
 * its members, or, when it has more than SEARCH_CANDIDATES, a sample of that many (the bounded case).
 * A cell with field words is read through the field indexes only: the conditions over the whole
 * vector are wrapped so no index can answer them. Left to choose, the planner read "game" in
 * titles through the search vector's index, whose entries hold no weights: 66,791 rows rechecked,
 * 245 ms, for a cell the title index shows empty.
 */
function scoreCell(
  run: Run,
  where: string,
  match: string,
  cell: { vector: string; fields: string | null; params: Record<string, unknown> },
  plan: SearchPlan,
  limit: number,
  after: { score: number; id: string } | undefined,
): Promise<Array<{ score: number; id: string }>> {
  const condition = cell.fields
    ? `${where} AND (${match}) IS TRUE AND (${cell.vector}) IS TRUE AND ${cell.fields}`
    : `${where} AND ${match} AND ${cell.vector}`;
  return scoreTier((sql, params) => run(sql, { ...params, ...cell.params }), condition, 'true', plan, limit, after, SEARCH_CANDIDATES);
}

/**
 * The tier's matches (`where`) after `after`, scored and with their cell, among the organization's
 * first BAND_WALK_ROWS rows in id order (after the cursor's id, with a cursor), and whether the
 * walk reached the organization's last row.
 */
async function walkCells(
  run: Run,
  where: string,
  plan: SearchPlan,
  forms: TermForms[],
  after: { score: number; id: string } | undefined,
): Promise<{ rows: Array<{ score: number; id: string; cell: number }>; ended: boolean }> {
  const params: Record<string, unknown> = { afterId: after?.id ?? null, afterScore: after?.score ?? null, walk: BAND_WALK_ROWS };
  const score = scoreExpression(plan, params);
  const [walked] = await inIdOrder(run, () =>
    run<{ found: Array<{ id: string; score: number; cell: number }>; walked: number }>(
      `SELECT count(*)::int AS walked,
              coalesce(json_agg(json_build_object('id', w.product_id, 'score', w.score, 'cell', w.cell) ORDER BY w.product_id)
                         FILTER (WHERE w.hit AND (CAST(:afterScore AS float8) IS NULL OR w.score < :afterScore
                                                  OR (w.score = :afterScore AND w.product_id > :afterId))), '[]') AS found
         FROM (SELECT s.product_id, (${where}) AS hit,
                      CASE WHEN ${where} THEN (${score})::float8 END AS score,
                      CASE WHEN ${where} THEN ${cellKeySql(forms)} END AS cell
                 FROM (SELECT * FROM product_search s
                        WHERE s.organization_id = CAST(:organizationId AS uuid) AND s.product_id > coalesce(CAST(:afterId AS text), '')
                        ORDER BY s.product_id LIMIT :walk) s
                CROSS JOIN LATERAL (SELECT s.search) h) w`,
      params,
    ),
  );
  return { rows: walked.found.map((r) => ({ score: Number(r.score), id: r.id, cell: r.cell })), ended: walked.walked < BAND_WALK_ROWS };
}

/** The `k`-th best score among `rows` (ties counted), or undefined with fewer rows. */
function kthScore(rows: Array<{ score: number }>, k: number): number | undefined {
  if (rows.length < k) return undefined;
  return rows
    .map((r) => r.score)
    .sort((a, b) => b - a)
    .at(k - 1);
}

/** The first `limit` of `rows` by score (descending) and id, ordered by PostgreSQL, whose collation ordered the ids. */
async function topRanked(
  run: Run,
  rows: Array<{ score: number; id: string }>,
  limit: number,
): Promise<Array<{ score: number; id: string }>> {
  if (rows.length <= 1) return rows.slice(0, limit);
  const top = await run<{ id: string; score: number }>(
    `SELECT x.id, x.score FROM unnest(CAST(:ids AS text[]), CAST(:scores AS float8[])) AS x(id, score) ORDER BY x.score DESC, x.id LIMIT :limit`,
    { ids: rows.map((r) => r.id), scores: rows.map((r) => r.score), limit },
  );
  return top.map((r) => ({ score: Number(r.score), id: r.id }));
}
