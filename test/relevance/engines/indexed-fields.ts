import type { CatalogProduct } from '../catalogs/catalog-product';

/** The text an anchor indexes for a product: the fields the service searches, attribute values included. */
export interface IndexedProduct {
  id: string;
  title: string;
  brand: string;
  categories: string;
  attributes: string;
  tags: string;
  description: string;
}

export function indexedFields(product: CatalogProduct): IndexedProduct {
  return {
    id: String(product.id),
    title: product.title,
    brand: product.brand ?? '',
    categories: (product.categories ?? []).join(' '),
    attributes: Object.values(product.attributes ?? {})
      .filter((value) => typeof value !== 'boolean')
      .join(' '),
    tags: (product.tags ?? []).join(' '),
    description: product.description ?? '',
  };
}
