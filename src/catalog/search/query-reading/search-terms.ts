/**
 * The terms a query is searched by, and the tsquery texts built from them. Pure: the analyzer
 * (query-analyzer.ts) decides the terms from the organization's vocabulary and synonyms; this file
 * only renders them, so the SQL receives tsqueries as parameters, never text built into SQL.
 */

/** One way a term can match: a lexeme, or a phrase of lexemes. */
export interface Operand {
  lexemes: string[];
}

/** One query word (or phrase), with the forms that count as a match for it. */
export interface Term {
  /** The forms the user typed (stemmed). */
  exact: Operand[];
  /** Forms found for it: typo corrections, a prefix's completions, synonyms. Rank below exact ones. */
  alternatives: Operand[];
  /** Seen in a title, brand, category, attribute or tag of this catalog (not only in descriptions). */
  strong: boolean;
}

/** Field weights of the search vector, strongest first, and what a match in each is worth. */
export const FIELD_SCORES = [
  ['A', 1.0], // title
  ['B', 0.6], // brand, categories, attribute values
  ['C', 0.4], // tags
  ['D', 0.2], // description
] as const;

/** A match through an alternative form is worth this share of an exact one. */
export const ALTERNATIVE_FACTOR = 0.7;

const quote = (lexeme: string): string => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** An operand as tsquery text, optionally restricted to one field weight. */
export function renderOperand(operand: Operand, weight = ''): string {
  const parts = operand.lexemes.map((lexeme) => (weight ? `${quote(lexeme)}:${weight}` : quote(lexeme)));
  return parts.length === 1 ? parts[0] : `(${parts.join(' <-> ')})`;
}

const anyOf = (operands: Operand[], weight = ''): string => `(${operands.map((o) => renderOperand(o, weight)).join(' | ')})`;

/** Matches a product having the term in any form, in any field. */
export function termQuery(term: Term): string {
  return anyOf([...term.exact, ...term.alternatives]);
}

/** Every term (AND), each in any field; null for none. */
export function allOf(terms: Term[]): string | null {
  return terms.length > 0 ? terms.map(termQuery).join(' & ') : null;
}

/** At least one term (OR); null for none. */
export function someOf(terms: Term[]): string | null {
  return terms.length > 0 ? terms.map(termQuery).join(' | ') : null;
}

/** One step of a term's score ladder: the first step whose query matches gives the term its score. */
export interface ScoreStep {
  query: string;
  score: number;
}

/** A term's steps, best first: each field from title to description, exact forms before alternatives. */
export function scoreSteps(term: Term): ScoreStep[] {
  const steps: ScoreStep[] = [];
  for (const [weight, score] of FIELD_SCORES) {
    if (term.exact.length > 0) steps.push({ query: anyOf(term.exact, weight), score });
    if (term.alternatives.length > 0) steps.push({ query: anyOf(term.alternatives, weight), score: score * ALTERNATIVE_FACTOR });
  }
  return steps.sort((a, b) => b.score - a.score);
}
