import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stemmer as frenchStemmer } from '@orama/stemmers/french';
import { stopwords as germanStopWords } from '@orama/stopwords/german';
import { stopwords as frenchStopWords } from '@orama/stopwords/french';
import { stopwords as japaneseStopWords } from '@orama/stopwords/japanese';

/** The catalog languages the anchors are set up for, beyond their English defaults. */
export type AnchorLanguage = 'de' | 'fr' | 'ja';

/**
 * What each anchor is given for a language, from Orama's own language packages (Snowball stemmers
 * and stop-word lists): Orama takes them in its tokenizer, MiniSearch in its processTerm. Japanese
 * has no stemmer; its text is cut into words by the ICU word segmenter (Orama's Japanese tokenizer
 * uses the same `Intl.Segmenter`).
 */
export interface AnchorLanguageSupport {
  /** Orama's name for the language (its tokenizer's `language`). */
  orama: 'german' | 'french' | 'japanese';
  stemmer?: (word: string) => string;
  stopWords: readonly string[];
  /** Languages written without spaces: the ICU word segmenter's locale. */
  segmenter?: string;
}

export const ANCHOR_LANGUAGES: Readonly<Record<AnchorLanguage, AnchorLanguageSupport>> = {
  de: { orama: 'german', stemmer: germanStemmer, stopWords: germanStopWords },
  fr: { orama: 'french', stemmer: frenchStemmer, stopWords: frenchStopWords },
  ja: { orama: 'japanese', stopWords: japaneseStopWords, segmenter: 'ja' },
};
