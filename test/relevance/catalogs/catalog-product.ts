/** A generated product as uploaded (the fields the judges and the anchor engines read). */
export interface CatalogProduct {
  id: string | number;
  title: string;
  description?: string;
  brand?: string;
  categories?: string[];
  tags?: string[];
  attributes?: Record<string, string | number | boolean>;
  [field: string]: unknown;
}

/** One organization's catalog for the suite: its products and the synonyms configured for it. */
export interface RelevanceCatalog {
  name: string;
  products: CatalogProduct[];
  /** Body of PUT /v1/catalogs/synonyms (the anchors have none: they get no synonyms). */
  synonyms: SynonymRule[];
  /** The currency most of its products use: price phrases and price order are judged in it. */
  mainCurrency: string;
  /**
   * The uploads, in order, each imported and indexed before the next (default: one upload of all
   * products). A later upload's products are newer: the "newest" questions judge by it.
   */
  imports?: CatalogProduct[][];
}

export type SynonymRule = { type: 'one_way'; input: string; synonyms: string[] } | { type: 'group'; synonyms: string[] };

export const productId = (product: CatalogProduct): string => String(product.id);
