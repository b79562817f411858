import { create, insertMultiple, search, type DefaultTokenizerConfig, type Tokenizer } from '@orama/orama';
import { createTokenizer as createJapaneseTokenizer } from '@orama/tokenizers/japanese';
import type { CatalogProduct } from '../catalogs/catalog-product';
import { ANCHOR_LANGUAGES, type AnchorLanguage } from './anchor-languages';
import { indexedFields } from './indexed-fields';
import { PAGE, type SearchEngine } from './search-engine';

const SCHEMA = {
  id: 'string',
  title: 'string',
  brand: 'string',
  categories: 'string',
  attributes: 'string',
  tags: 'string',
  description: 'string',
  codes: 'string',
} as const;

/**
 * Orama with its defaults plus tolerance 1 and the title boosted, over the same fields (codes included). No synonyms.
 * For a catalog in another language, its own tokenizer for it (`tokenizerFor`), and no tolerance where words are segmented.
 */
export async function oramaEngine(products: readonly CatalogProduct[], language?: AnchorLanguage): Promise<SearchEngine> {
  const db = create({ schema: SCHEMA, ...(language && { components: { tokenizer: tokenizerFor(language) } }) });
  await insertMultiple(db, products.map(indexedFields));
  // Words of one or two kanji are within one edit of every other short word: no typo tolerance there.
  const tolerance = language && ANCHOR_LANGUAGES[language].segmenter ? 0 : 1;
  return {
    name: 'Orama',
    search: async (q) => {
      const result = await search(db, {
        term: q,
        properties: ['title', 'brand', 'categories', 'attributes', 'tags', 'description', 'codes'],
        tolerance,
        boost: { title: 2 },
        limit: PAGE,
      });
      return { ids: result.hits.map((hit) => hit.document.id) };
    },
  };
}

/**
 * Orama's language support as its documentation sets it up: the default tokenizer in the language
 * with the Snowball stemmer of @orama/stemmers and the stop words of @orama/stopwords; Japanese with
 * the tokenizer of @orama/tokenizers (the ICU word segmenter) and its stop words.
 */
function tokenizerFor(language: AnchorLanguage): Tokenizer | DefaultTokenizerConfig {
  const { orama, stemmer, stopWords } = ANCHOR_LANGUAGES[language];
  if (orama === 'japanese') return createJapaneseTokenizer({ language: orama, stopWords: [...stopWords] });
  return { language: orama, stemming: true, stemmer, stopWords: [...stopWords] };
}
