import { create, insertMultiple, search } from '@orama/orama';
import type { CatalogProduct } from '../catalogs/catalog-product';
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

/** Orama with its defaults plus tolerance 1 and the title boosted, over the same fields (codes included). No synonyms. */
export async function oramaEngine(products: readonly CatalogProduct[]): Promise<SearchEngine> {
  const db = create({ schema: SCHEMA });
  await insertMultiple(db, products.map(indexedFields));
  return {
    name: 'Orama',
    search: async (q) => {
      const result = await search(db, {
        term: q,
        properties: ['title', 'brand', 'categories', 'attributes', 'tags', 'description', 'codes'],
        tolerance: 1,
        boost: { title: 2 },
        limit: PAGE,
      });
      return { ids: result.hits.map((hit) => hit.document.id) };
    },
  };
}
