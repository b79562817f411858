/**
 * Scripts written without spaces (Japanese, Chinese; Korean compounds) cut into words as the
 * indexer cuts them (search_segments(), migration 1795860000000): a run of such characters, in
 * NFKC form (half-width kana and full-width Latin as their usual forms), becomes its overlapping
 * two-character words, then each Han character alone. A query's run is first cut into words by
 * ICU's dictionary (Intl.Segmenter: "ステンレス製の水筒" → ステンレス, 製, の, 水筒), and each word is
 * searched as the phrase of its pairs: "ヘッドホン" finds "ワイヤレスヘッドホン", never "ヘッド … ホン".
 */
const CJK_CLASS = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff66-\\uff9f\\uac00-\\ud7af';
const CJK_RUN = new RegExp(`[${CJK_CLASS}]+`, 'gu');
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
/** One hiragana: a particle (の, が, を, は), read as a stop word. */
const PARTICLE = /^[\u3040-\u309f]$/u;
const SEGMENTER = new Intl.Segmenter('ja', { granularity: 'word' });

/** The runs of unspaced script in a text, in order, in NFKC form. */
export function cjkRuns(text: string): string[] {
  return (text.match(CJK_RUN) ?? []).map((run) => run.normalize('NFKC'));
}

/** A query run's words (ICU word breaks), and the particles among them, which are left out. */
export function cjkWords(run: string): { words: string[]; particles: string[] } {
  const all = [...SEGMENTER.segment(run)].filter((s) => s.isWordLike).map((s) => s.segment);
  return { words: all.filter((w) => !PARTICLE.test(w)), particles: all.filter((w) => PARTICLE.test(w)) };
}

/** The text with its runs taken out (what is left is read as spaced words). */
export function withoutCjkRuns(text: string): string {
  return text.replace(CJK_RUN, ' ');
}

/** The text with each run written as its pairs (a phrase of them), as the search reads a word or quoted phrase. */
export function pairedText(text: string): string {
  return text.replace(CJK_RUN, (run) => ` ${cjkPairs(run.normalize('NFKC')).join(' ')} `);
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
