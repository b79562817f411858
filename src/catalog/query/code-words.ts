import type { CodePart } from '../search/query-reading/code-forms';
import type { ProductMatch, WordReading } from '../search/query-reading/query-interpretation';

/**
 * A product code written inside a longer query (`RV 2300 robot vacuum`, codePartsOf): its words are
 * one `code` reading in the interpretation and one key in each product's `_match`.
 */

/** The readings with each matched code's words replaced by one `code` reading (at the first word's place). */
export function withCodeReadings(words: WordReading[], parts: CodePart[]): WordReading[] {
  const out = [...words];
  for (const part of parts) {
    const at = out.findIndex((w) => w.word === part.words[0]);
    const rest = part.words.slice(1);
    if (at < 0 || rest.some((word, k) => out[at + 1 + k]?.word !== word)) continue;
    out.splice(at, part.words.length, { word: part.words.join(' '), status: 'code' });
  }
  return out;
}

/**
 * A product's match with the words of each code written inside the query (`parts`, reported as one
 * `code` reading) under that reading's key: `coded` (shown first for its code) matched it as
 * `code`; another product by the best place of its words (the first found in query order), or lacks
 * it when it has none of them. With several codes in one query a coded product is said to match all
 * of them (which one it has is not read back).
 */
export function withCodeWords(found: ProductMatch, parts: CodePart[], coded: boolean): ProductMatch {
  const words = { ...found.words };
  let missing = found.missing;
  for (const part of parts) {
    const inCode = new Set(part.words);
    const place = coded ? 'code' : part.words.map((word) => words[word]).find((p) => p !== undefined);
    for (const word of part.words) delete words[word];
    missing = missing.filter((word) => !inCode.has(word));
    if (place) words[part.words.join(' ')] = place;
    else missing = [...missing, part.words.join(' ')];
  }
  return { ...found, words, missing, all_words: missing.length === 0 };
}
