import type { InferredSort } from './query-interpretation';

/**
 * The words a shopper writes a price bound, an order, availability or a negation with, per
 * language: English, German, French, Spanish and Japanese. Phrases are matched on whole tokens
 * with accents and ß folded on both sides ("gunstigste" = "günstigste", "jusqua" = "jusqu'à"
 * only when written with its apostrophe), longest first within a meaning. All languages are read
 * in every query: the phrases are specific enough not to collide, and a buyer writes in any.
 */
export interface ConstraintWords {
  /** Before an amount: at most ("under 50"). */
  upper: string[][];
  /** Before an amount: at least ("over 300"). */
  lower: string[][];
  /** Range words: start, joiner ("between 20 and 40"). */
  between: Array<[string, string]>;
  sorts: Array<[string[], InferredSort]>;
  inStock: string[][];
  negations: string[];
}

const phrases = (...texts: string[]): string[][] => texts.map((t) => t.split(' '));
const sorts = (sort: InferredSort, ...texts: string[]): Array<[string[], InferredSort]> => phrases(...texts).map((p) => [p, sort]);

export const CONSTRAINT_WORDS: Record<'en' | 'de' | 'fr' | 'es' | 'ja', ConstraintWords> = {
  en: {
    upper: phrases('less than', 'cheaper than', 'up to', 'at most', 'under', 'below', 'max', 'maximum', '<'),
    lower: phrases('more than', 'at least', 'over', 'above', 'min', 'minimum', '>'),
    between: [
      ['between', 'and'],
      ['from', 'to'],
    ],
    sorts: [
      ...sorts('price_asc', 'lowest price', 'lowest priced', 'least expensive', 'cheapest'),
      ...sorts('price_desc', 'highest price', 'highest priced', 'most expensive', 'priciest'),
      ...sorts('newest', 'most recent', 'newest', 'latest'),
    ],
    inStock: phrases('in stock', 'in-stock', 'instock', 'available'),
    negations: ['not', 'without', 'no'],
  },
  de: {
    upper: phrases('weniger als', 'günstiger als', 'billiger als', 'bis zu', 'höchstens', 'maximal', 'unter', 'bis'),
    lower: phrases('mehr als', 'teurer als', 'mindestens', 'über', 'ueber', 'ab'),
    between: [
      ['zwischen', 'und'],
      ['von', 'bis'],
    ],
    sorts: [
      ...sorts('price_asc', 'am günstigsten', 'am billigsten', 'günstigste', 'günstigster', 'günstigstes', 'günstigsten'),
      ...sorts('price_asc', 'billigste', 'billigster', 'billigstes', 'billigsten', 'preiswerteste', 'preiswertester', 'preiswertesten'),
      ...sorts('price_desc', 'am teuersten', 'teuerste', 'teuerster', 'teuerstes', 'teuersten'),
      ...sorts('newest', 'am neuesten', 'neueste', 'neuester', 'neuestes', 'neuesten'),
    ],
    inStock: phrases('auf lager', 'vorrätig', 'lieferbar', 'verfügbar'),
    negations: ['ohne', 'nicht', 'kein', 'keine', 'keinen'],
  },
  fr: {
    upper: phrases('moins de', 'moins cher que', 'moins chère que', "jusqu'à", 'au plus', 'au maximum', 'maximum', 'sous'),
    lower: phrases('plus de', 'plus cher que', 'plus chère que', 'au moins', 'à partir de', 'minimum', 'dès'),
    between: [
      ['entre', 'et'],
      ['de', 'à'],
    ],
    sorts: [
      ...sorts('price_asc', 'le moins cher', 'la moins chère', 'les moins chers', 'les moins chères', 'moins cher', 'moins chère'),
      ...sorts('price_asc', 'moins chers', 'moins chères', 'le meilleur marché', 'meilleur marché', 'prix le plus bas'),
      ...sorts('price_desc', 'le plus cher', 'la plus chère', 'les plus chers', 'les plus chères', 'plus cher', 'plus chère'),
      ...sorts('newest', 'le plus récent', 'la plus récente', 'les plus récents', 'les plus récentes', 'plus récent', 'plus récente'),
      ...sorts('newest', 'nouveautés'),
    ],
    inStock: phrases('en stock', 'disponible', 'disponibles'),
    negations: ['sans'],
  },
  es: {
    upper: phrases('menos de', 'por debajo de', 'más barato que', 'mas barato que', 'hasta', 'máximo'),
    lower: phrases('más de', 'mas de', 'por encima de', 'desde', 'mínimo'),
    between: [
      ['entre', 'y'],
      ['de', 'a'],
    ],
    sorts: [
      ...sorts('price_asc', 'el más barato', 'la más barata', 'los más baratos', 'las más baratas', 'más barato', 'más barata'),
      ...sorts('price_asc', 'más baratos', 'más baratas', 'mas barato', 'mas barata'),
      ...sorts('price_desc', 'el más caro', 'la más cara', 'los más caros', 'las más caras', 'más caro', 'más cara'),
      ...sorts('newest', 'lo más nuevo', 'más nuevo', 'más nueva', 'más reciente', 'más recientes', 'novedades'),
    ],
    inStock: phrases('en stock', 'en existencia', 'disponible', 'disponibles'),
    negations: ['sin'],
  },
  ja: {
    upper: [],
    lower: [],
    between: [],
    sorts: [
      ...sorts('price_asc', '一番安い', '安い順', '最安', '最安値'),
      ...sorts('price_desc', '高い順'),
      ...sorts('newest', '新着順', '新しい順'),
    ],
    inStock: phrases('在庫あり'),
    negations: [],
  },
};

/** Lower-cased, accents and ß folded: how tokens and phrases are compared. */
export const foldConstraintWord = (word: string): string => word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');

const all = Object.values(CONSTRAINT_WORDS);
const folded = (list: string[][]): string[][] => list.map((p) => p.map(foldConstraintWord));
/** Longest phrase first, so "moins cher que" wins over "moins de"'s neighbours and "am günstigsten" over none. */
const longestFirst = <T extends string[] | [string[], unknown]>(list: T[], words: (x: T) => string[]): T[] =>
  [...list].sort((a, b) => words(b).length - words(a).length);

/** Every language's phrases together, folded. */
export const READ_CONSTRAINTS = {
  upper: longestFirst(folded(all.flatMap((w) => w.upper)), (p) => p),
  lower: longestFirst(folded(all.flatMap((w) => w.lower)), (p) => p),
  between: all.flatMap((w) => w.between).map(([a, b]) => [foldConstraintWord(a), foldConstraintWord(b)] as [string, string]),
  sorts: longestFirst(
    all.flatMap((w) => w.sorts).map(([p, sort]): [string[], InferredSort] => [p.map(foldConstraintWord), sort]),
    ([p]) => p,
  ),
  inStock: longestFirst(folded(all.flatMap((w) => w.inStock)), (p) => p),
  negations: new Set(all.flatMap((w) => w.negations).map(foldConstraintWord)),
};
