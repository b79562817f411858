/**
 * Optimal string alignment distance (Damerau-Levenshtein where no substring is edited twice):
 * insertions, deletions, substitutions and transpositions of two adjacent characters each cost
 * one ("jakcet" → "jacket" is one edit). Returns `limit + 1` as soon as the distance must exceed
 * `limit`, so a far candidate costs one row of the table.
 */
export function damerauDistance(a: string, b: string, limit = Number.MAX_SAFE_INTEGER): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[t.length], limit + 1);
}
