import type { ExpectedInterpretation, WordStatus } from './queries/relevance-query';

interface ReportedWord {
  word: string;
  status: string;
  to?: string[];
  via?: string;
}

interface Reported {
  match?: string;
  words?: ReportedWord[];
  inferred?: Record<string, unknown>;
}

const statuses = (spec: WordStatus | WordStatus[]): WordStatus[] => (Array.isArray(spec) ? spec : [spec]);

/**
 * How the service's `interpretation` differs from what a question expects (empty when it says
 * what it should). Only the parts the question names are checked; a phrase (`in stock`) may be
 * reported as one entry or word by word, a word inside a reported phrase (`on` in `on ear`); an expected `to` word may be reported with an ending
 * (`diaper` for `diapers`).
 */
export function interpretationProblems(expected: ExpectedInterpretation, actual: unknown): string[] {
  if (typeof actual !== 'object' || actual === null) return ['no interpretation in the answer'];
  const reported = actual as Reported;
  const problems: string[] = [];
  if (expected.match !== undefined && reported.match !== expected.match)
    problems.push(`match ${JSON.stringify(reported.match)}, expected "${expected.match}"`);
  for (const [word, spec] of Object.entries(expected.words ?? {})) {
    const want = typeof spec === 'object' && !Array.isArray(spec) ? spec : { status: spec };
    const entries = entriesFor(word, reported.words ?? []);
    if (entries.length === 0) {
      problems.push(`"${word}" not reported`);
      continue;
    }
    for (const entry of entries) {
      if (!statuses(want.status).includes(entry.status as WordStatus))
        problems.push(`"${entry.word}" ${entry.status}, expected ${statuses(want.status).join(' or ')}`);
      for (const to of want.to ?? [])
        if (!(entry.to ?? []).some((t) => t.toLowerCase().startsWith(to)))
          problems.push(`"${entry.word}" not to "${to}" (to ${JSON.stringify(entry.to)})`);
      if (want.via !== undefined && entry.via !== want.via)
        problems.push(`"${entry.word}" via ${JSON.stringify(entry.via)}, expected ${want.via}`);
    }
  }
  for (const [key, value] of Object.entries(expected.inferred ?? {})) {
    const got = reported.inferred?.[key];
    if (!sameValue(value, got)) problems.push(`inferred.${key} ${JSON.stringify(got)}, expected ${JSON.stringify(value)}`);
  }
  return problems;
}

function entriesFor(word: string, words: ReportedWord[]): ReportedWord[] {
  const whole = words.filter((w) => w.word === word);
  if (whole.length > 0) return whole;
  // Reported inside a phrase (`on` of `on ear`), or word by word (`in stock`, `hw-10046`).
  const tokens = (text: string) => text.split(/[\s-]+/).filter(Boolean);
  const wanted = tokens(word);
  const phrase = words.find((w) => wanted.every((t) => tokens(w.word).includes(t)));
  if (phrase) return [phrase];
  if (wanted.length < 2) return [];
  const parts = wanted.map((part) => words.find((w) => w.word === part));
  return parts.every((p) => p !== undefined) ? (parts as ReportedWord[]) : [];
}

/** Prices compare by amount and currency, availabilities as sets, the rest as equal JSON. */
function sameValue(expected: unknown, got: unknown): boolean {
  if (Array.isArray(expected))
    return Array.isArray(got) && got.length === expected.length && expected.every((v) => (got as unknown[]).includes(v));
  if (typeof expected === 'object' && expected !== null) {
    const e = expected as { amount: number; currency: string };
    const g = got as { amount?: unknown; currency?: unknown } | undefined;
    return g !== undefined && g !== null && Number(g.amount) === e.amount && g.currency === e.currency;
  }
  return expected === got;
}
