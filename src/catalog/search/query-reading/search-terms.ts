/**
 * The terms a query is searched by, and the tsquery texts built from them. Pure: the analyzer
 * (query-analyzer.service.ts) decides the terms from the organization's vocabulary and synonyms; this file
 * only renders them, so the SQL receives tsqueries as parameters, never text built into SQL.
 */

import type { ExpansionVia, MatchPlace } from './query-interpretation';

/** One way a term can match: a lexeme, or a phrase of lexemes. */
export interface Operand {
  lexemes: string[];
  /** An alternative form: how it was found (reported per product in `_match.via`). */
  via?: ExpansionVia;
}

/** One query word (or phrase), with the forms that count as a match for it. */
export interface Term {
  /** The query word(s) it stands for, as the interpretation reports them (the key of `_match.words`). */
  label: string;
  /** The forms the user typed (stemmed). */
  exact: Operand[];
  /** Forms found for it: typo corrections, a prefix's completions, synonyms. Rank below exact ones. */
  alternatives: Operand[];
  /**
   * Corrections of a word the catalog has only rarely (a typo in one description): they rank below
   * every exact match of the word, in any field (FALLBACK_FACTOR).
   */
  fallbacks?: Operand[];
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

/** A rare word's correction is worth this share: in a title (0.15) below the word itself in a description (0.2). */
export const FALLBACK_FACTOR = 0.15;

/** Every form of a term: what it typed, its alternatives, its fallbacks. */
export const formsOf = (term: Term): Operand[] => [...term.exact, ...term.alternatives, ...(term.fallbacks ?? [])];

const quote = (lexeme: string): string => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** An operand as tsquery text, optionally restricted to one field weight. */
export function renderOperand(operand: Operand, weight = ''): string {
  const parts = operand.lexemes.map((lexeme) => (weight ? `${quote(lexeme)}:${weight}` : quote(lexeme)));
  return parts.length === 1 ? parts[0] : `(${parts.join(' <-> ')})`;
}

const anyOf = (operands: Operand[], weight = ''): string => `(${operands.map((o) => renderOperand(o, weight)).join(' | ')})`;

/** Matches a product having the term in any form, in any field. */
export function termQuery(term: Term): string {
  return anyOf(formsOf(term));
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
  /** The field weight the step matches in, the forms it matches and which of the term's kinds of forms they are. */
  weight: FieldWeight;
  operands: Operand[];
  form: 'exact' | 'alternative' | 'fallback';
}

export type FieldWeight = (typeof FIELD_SCORES)[number][0];

/** A term's steps, best first: each field from title to description, exact forms before alternatives before fallbacks. */
export function scoreSteps(term: Term): ScoreStep[] {
  const steps: ScoreStep[] = [];
  const add = (operands: Operand[], weight: FieldWeight, score: number, form: ScoreStep['form']) => {
    if (operands.length > 0) steps.push({ query: anyOf(operands, weight), score, weight, operands, form });
  };
  for (const [weight, score] of FIELD_SCORES) {
    add(term.exact, weight, score, 'exact');
    add(term.alternatives, weight, score * ALTERNATIVE_FACTOR, 'alternative');
    add(term.fallbacks ?? [], weight, score * FALLBACK_FACTOR, 'fallback');
  }
  // Stable: at equal scores the field order above (and exact before alternative) is kept.
  return steps.sort((a, b) => b.score - a.score);
}

/** Field weights by where they are in a product, as `_match.words` reports them. */
export const PLACE_OF_WEIGHT: Record<FieldWeight, MatchPlace> = {
  A: 'title',
  B: 'brand_category_attribute',
  C: 'tags',
  D: 'description',
};

/** One step of a term's match details: where, through which kind of form (none: as typed), and its query. */
export interface DetailStep {
  query: string;
  score: number;
  place: MatchPlace;
  via?: ExpansionVia;
}

/**
 * A term's score steps with each step's alternative forms apart by how they were found, so the
 * step a product matches says where and through what (`_match`). In scoreSteps' order: the first
 * matching step has the score scoreSteps gives the product for the term.
 */
export function detailSteps(term: Term): DetailStep[] {
  return scoreSteps(term).flatMap((step) => {
    const place = PLACE_OF_WEIGHT[step.weight];
    if (step.form === 'exact') return [{ query: step.query, score: step.score, place }];
    const byVia = new Map<ExpansionVia, Operand[]>();
    for (const o of step.operands) {
      const via = o.via ?? (step.form === 'fallback' ? 'typo' : 'synonym');
      byVia.set(via, [...(byVia.get(via) ?? []), o]);
    }
    return [...byVia].map(([via, forms]) => ({ query: anyOf(forms, step.weight), score: step.score, place, via }));
  });
}
