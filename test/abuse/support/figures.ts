import type { Answer } from './client';

/** The p-th percentile (0–100) of the times, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** How many answers had each status: `{ "200": 58, "429": 2 }`. */
export function statuses(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}

export function share(answers: Answer[], status: number): number {
  return answers.length === 0 ? 0 : answers.filter((answer) => answer.status === status).length / answers.length;
}

/** One line of figures for the suite's output (the README says how to read them). */
export function report(label: string, figures: Record<string, unknown>): void {
  process.stderr.write(`[abuse] ${label}: ${JSON.stringify(figures)}\n`);
}
