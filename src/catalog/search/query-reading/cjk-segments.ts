/**
 * Scripts written without spaces (Japanese, Chinese; Korean compounds) cut into words as the
 * indexer cuts them (search_segments(), migration 1795860000000): a run of such characters becomes
 * its overlapping two-character words, then each Han character alone. A query's run is then
 * searched as the phrase of its pairs: "ヘッドホン" finds "ワイヤレスヘッドホン", never "ヘッド … ホン".
 */
const CJK_CLASS = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff66-\\uff9f\\uac00-\\ud7af';
const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, 'gu');
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;

/** The runs of unspaced script in a text, in order. */
export function cjkRuns(text: string): string[] {
  return text.match(CJK_RUN) ?? [];
}

/** The text with its runs taken out (what is left is read as spaced words). */
export function withoutCjkRuns(text: string): string {
  return text.replace(CJK_RUN, ' ');
}

/** A run's overlapping pairs (a one-character run: itself), as the phrase a query searches. */
export function cjkPairs(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  return chars.slice(0, -1).map((c, i) => c + chars[i + 1]);
}

/** The words the indexer writes for a run: its pairs, then each Han character alone (search_bigrams()). */
export function indexedCjkWords(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  return [...cjkPairs(run), ...chars.filter((c) => HAN.test(c))];
}
