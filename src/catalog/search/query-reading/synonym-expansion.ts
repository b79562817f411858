import type { Term } from './search-terms';

/** One synonym rule in lexemes: a query containing `from` (one word or a phrase) also matches each of `to`. */
export interface SynonymExpansion {
  from: string[];
  to: string[][];
}

const startsAt = (lexemes: string[], at: number, from: string[]): boolean => from.every((lexeme, i) => lexemes[at + i] === lexeme);

/**
 * The query's terms with the organization's synonyms applied: where the query's words (as lexemes)
 * contain a rule's `from`, longest rule first, those words become one term whose alternatives are
 * the rule's `to` forms (labelled with the words of `labels` they stand for). `words[i]` is the term of `lexemes[i]`, or null for a word the catalog
 * does not have (it is kept only when a synonym gives it forms the catalog may have); `applied` hears
 * each rule used and the index of its first word.
 */
export function applySynonyms(
  lexemes: string[],
  labels: string[],
  words: Array<Term | null>,
  synonyms: SynonymExpansion[],
  applied: (at: number, rule: SynonymExpansion) => void = () => undefined,
): Term[] {
  const rules = [...synonyms].sort((a, b) => b.from.length - a.from.length);
  const terms: Term[] = [];
  for (let i = 0; i < lexemes.length;) {
    const rule = rules.find((r) => startsAt(lexemes, i, r.from));
    if (!rule) {
      const word = words[i++];
      if (word) terms.push(word);
      continue;
    }
    applied(i, rule);
    const own = rule.from.length === 1 ? words[i] : null;
    terms.push({
      label: labels.slice(i, i + rule.from.length).join(' '),
      exact: own ? own.exact : rule.from.length > 1 ? [{ lexemes: rule.from }] : [],
      alternatives: [
        ...(own?.alternatives ?? []),
        ...rule.to.map((lexemesOfForm) => ({ lexemes: lexemesOfForm, via: 'synonym' as const })),
      ],
      ...(own?.fallbacks && { fallbacks: own.fallbacks }),
      strong: true,
    });
    i += rule.from.length;
  }
  return terms;
}
