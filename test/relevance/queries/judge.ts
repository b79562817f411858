import type { CatalogProduct } from '../catalogs/catalog-product';
import { fold } from '../catalogs/fold';

/**
 * A relevance judgement over a product's own fields, with a readable form for the report.
 * Phrases match at a word start in the folded text (`boot` matches `Boots`, `creme` matches
 * `Crème`), so a judge states the intent of a query, never a list of expected ids.
 */
export interface Judge {
  test(product: CatalogProduct): boolean;
  text: string;
}

const has = (value: unknown, phrase: string): boolean => ` ${fold(String(value ?? ''))}`.includes(` ${fold(phrase)}`);
const judge = (text: string, test: (product: CatalogProduct) => boolean): Judge => ({ text, test });
const attributeValues = (product: CatalogProduct): string[] => Object.values(product.attributes ?? {}).map(String);

/** Every phrase in the title. */
export const title = (...phrases: string[]): Judge =>
  judge(phrases.map((p) => `title~"${p}"`).join(' & '), (product) => phrases.every((p) => has(product.title, p)));

/** The brand, folded, equals `name`. */
export const brand = (name: string): Judge => judge(`brand="${name}"`, (product) => fold(product.brand ?? '') === fold(name));

/** One of the category paths contains the phrase. */
export const category = (phrase: string): Judge =>
  judge(`categories~"${phrase}"`, (product) => (product.categories ?? []).some((c) => has(c, phrase)));

/** One of the tags contains the phrase. */
export const tag = (phrase: string): Judge => judge(`tags~"${phrase}"`, (product) => (product.tags ?? []).some((t) => has(t, phrase)));

/** The attribute `key` contains the phrase (`attr('material', 'merino')` holds for `merino wool`). */
export const attr = (key: string, phrase: string): Judge =>
  judge(`attributes.${key}~"${phrase}"`, (product) => product.attributes?.[key] !== undefined && has(product.attributes[key], phrase));

/** The attribute `key`, folded, equals `value` exactly (sizes: `L` is not `XL`). */
export const attrIs = (key: string, value: string): Judge =>
  judge(
    `attributes.${key}="${value}"`,
    (product) => product.attributes?.[key] !== undefined && fold(String(product.attributes[key])) === fold(value),
  );

/** The phrase anywhere a shopper could have read it: title, brand, categories, tags, attribute values, description. */
export const mentions = (phrase: string): Judge =>
  judge(`any~"${phrase}"`, (product) =>
    [
      product.title,
      product.brand,
      product.description,
      ...(product.categories ?? []),
      ...(product.tags ?? []),
      ...attributeValues(product),
    ].some((field) => has(field, phrase)),
  );

export const all = (...judges: Judge[]): Judge =>
  judge(judges.map((j) => j.text).join(' & '), (product) => judges.every((j) => j.test(product)));

export const some = (...judges: Judge[]): Judge =>
  judge(`(${judges.map((j) => j.text).join(' | ')})`, (product) => judges.some((j) => j.test(product)));
