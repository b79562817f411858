import type { Judge } from './judge';

/** The kinds of questions the suite asks, reported one by one. */
export const CATEGORIES = [
  'exact',
  'natural',
  'typo',
  'prefix',
  'accent',
  'apostrophe',
  'compound',
  'unit',
  'attribute',
  'synonym',
  // Catalogs in other languages (issue 44): a word in another inflected form (`taschen` for
  // `Tasche`), a transliteration or a width the catalog does not use (`muenchen`, `ﾍｯﾄﾞﾎﾝ`), a word
  // inside a run of kana or kanji (`ヘッドホン` in `ワイヤレスヘッドホン`), a question in the catalog's
  // second language about the products written in it. German compounds are `compound`.
  'inflection',
  'folding',
  'segmentation',
  'bilingual',
  // The kinds of issue 31: what an agent acts on.
  'constraint',
  'code',
  'variant',
  'sort',
  'everyday',
  'negative',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The kinds added for issue 31: each must find a relevant product in the top 10 for 95 % of its questions. */
export const AGENT_KINDS: readonly Category[] = ['constraint', 'code', 'variant', 'sort', 'everyday'];

export type Order = 'price_asc' | 'newest';
export type WordStatus = 'matched' | 'corrected' | 'expanded' | 'not_found' | 'ignored' | 'excluded' | 'filter' | 'sort' | 'code';
export type MatchKind = 'all_words' | 'partial' | 'code' | 'none' | 'browse';

/** What the answer's `interpretation` must say (docs/search.md, the search contract); unnamed parts are not checked. */
export interface ExpectedInterpretation {
  match?: MatchKind;
  /**
   * Per query word (lower-cased, as typed; a phrase such as `in stock` may be reported as the
   * phrase or word by word): the status it must have (one of several when an array), and for
   * an expansion the catalog words it must lead to and how.
   */
  words?: Record<string, WordStatus | WordStatus[] | { status: WordStatus | WordStatus[]; to?: string[]; via?: string }>;
  inferred?: {
    price_min?: { amount: number; currency: string };
    price_max?: { amount: number; currency: string };
    availability?: string[];
    sort?: 'price_asc' | 'price_desc' | 'newest';
  };
}

export interface RelevanceQuery {
  q: string;
  category: Category;
  /** Which products are relevant; null for a negative query (the right answer is nothing). */
  judge: Judge | null;
  /** Variant questions: ask the service with collapse_variants=true and judge distinct groups. */
  collapse?: boolean;
  /** Sort questions: the order the words ask for; relevant = the first 10 judged products in that order. */
  order?: Order;
  /** Code questions: the coded product must be the first result. */
  first?: boolean;
  /** What the service must say it did. */
  interpretation?: ExpectedInterpretation;
  /** The question's language (BCP 47) when it is not the catalog's: sent as the service's `language` parameter. */
  language?: string;
}

export interface QueryOptions {
  interpretation?: ExpectedInterpretation;
  collapse?: boolean;
  order?: Order;
  first?: boolean;
  language?: string;
}

export const query = (category: Exclude<Category, 'negative'>, q: string, judge: Judge, options: QueryOptions = {}): RelevanceQuery => ({
  q,
  category,
  judge,
  ...options,
});
export const negative = (q: string): RelevanceQuery => ({ q, category: 'negative', judge: null });
