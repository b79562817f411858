import MiniSearch, { type Options } from 'minisearch';
import type { CatalogProduct } from '../catalogs/catalog-product';
import { ANCHOR_LANGUAGES, type AnchorLanguage } from './anchor-languages';
import { indexedFields, type IndexedProduct } from './indexed-fields';
import { PAGE, type SearchEngine } from './search-engine';

/**
 * MiniSearch as a developer sets it up in five minutes: every field (codes included), prefix + fuzzy 0.2, title boosted. No synonyms.
 * For a catalog in another language, its own text processing (`languageOptions`).
 */
export function miniSearchEngine(products: readonly CatalogProduct[], language?: AnchorLanguage): SearchEngine {
  const index = new MiniSearch<IndexedProduct>({
    fields: ['title', 'brand', 'categories', 'attributes', 'tags', 'description', 'codes'],
    storeFields: [],
    ...(language && languageOptions(language)),
    searchOptions: { prefix: true, fuzzy: 0.2, boost: { title: 2 } },
  });
  index.addAll(products.map(indexedFields));
  return {
    name: 'MiniSearch',
    search: (q) =>
      Promise.resolve({
        ids: index
          .search(q)
          .slice(0, PAGE)
          .map((hit) => String(hit.id)),
      }),
  };
}

/**
 * MiniSearch's recipe for a language (its `processTerm` and `tokenize` options, used for the
 * documents and the queries alike): lower-cased, stop words dropped, accents stripped, then stemmed
 * with the language's Snowball stemmer (stripping first, so `theiere` and `théière` stem alike).
 * Japanese: cut into words by the ICU word segmenter, width folded (NFKC), no stemming.
 */
function languageOptions(language: AnchorLanguage): Pick<Options<IndexedProduct>, 'processTerm' | 'tokenize'> {
  const { stemmer, stopWords, segmenter } = ANCHOR_LANGUAGES[language];
  const stop = new Set(stopWords);
  const words = segmenter ? new Intl.Segmenter(segmenter, { granularity: 'word' }) : null;
  return {
    ...(words && {
      tokenize: (text: string) => [...words.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment),
    }),
    processTerm: (term: string) => {
      const lower = term.normalize('NFKC').toLowerCase();
      if (stop.has(lower)) return null;
      const bare = lower
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .normalize('NFC');
      return stemmer ? stemmer(bare) : bare;
    },
  };
}
