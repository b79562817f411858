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
  /** The product's id, GTIN and MPN: the service finds products by code, so the anchors get the codes too. */
  codes: string;
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
    codes: [product.id, product.gtin, product.mpn].filter((code) => typeof code === 'string' || typeof code === 'number').join(' '),
  };
}
