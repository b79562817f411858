import type { CatalogProduct } from '../catalogs/catalog-product';
import { fold } from '../catalogs/fold';

/**
 * A relevance judgement over a product's own fields, with a readable form for the report.
 * Phrases match at a word start in the folded text (`boot` matches `Boots`, `creme` matches
 * `Crème`), so a judge states the intent of a query, never a list of expected ids.
 */
export interface Judge {
  matches(product: CatalogProduct): boolean;
  text: string;
}

/** A product's fields folded once (judging folds every field of every product for every query). */
interface FoldedProduct {
  title: string;
  brand: string;
  description: string;
  categories: string[];
  tags: string[];
  attributes: Map<string, string>;
}

const foldedProducts = new WeakMap<CatalogProduct, FoldedProduct>();
const foldedPhrases = new Map<string, string>();

/** The folded text with a leading space, so ` ${phrase}` matches at a word start. */
const spaced = (value: unknown): string => ` ${fold(String(value ?? ''))}`;

function folded(product: CatalogProduct): FoldedProduct {
  let view = foldedProducts.get(product);
  if (!view) {
    view = {
      title: spaced(product.title),
      brand: spaced(product.brand),
      description: spaced(product.description),
      categories: (product.categories ?? []).map(spaced),
      tags: (product.tags ?? []).map(spaced),
      attributes: new Map(Object.entries(product.attributes ?? {}).map(([key, value]) => [key, spaced(value)])),
    };
    foldedProducts.set(product, view);
  }
  return view;
}

/** A judge's phrase, folded once. */
function needle(phrase: string): string {
  let folded = foldedPhrases.get(phrase);
  if (folded === undefined) foldedPhrases.set(phrase, (folded = spaced(phrase)));
  return folded;
}

const has = (foldedText: string | undefined, phrase: string): boolean => foldedText !== undefined && foldedText.includes(needle(phrase));

const judge = (text: string, matches: (product: CatalogProduct) => boolean): Judge => ({ text, matches });

/** Every phrase in the title. */
export const title = (...phrases: string[]): Judge =>
  judge(phrases.map((p) => `title~"${p}"`).join(' & '), (product) => phrases.every((p) => has(folded(product).title, p)));

/**
 * Folded for matching inside a word: case, Latin accents and ligatures, width (`ﾍｯﾄﾞﾎﾝ`, `ＷＨ`)
 * and apostrophes, but kana and kanji kept whole (`fold` would drop their voicing marks).
 */
function foldInside(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const foldedTitles = new WeakMap<CatalogProduct, string>();

/**
 * The fragment anywhere in the title, inside a word too: a part of a German compound
 * (`tasse` in `Kaffeetasse`), a Japanese word in a run of kana or kanji (`ヘッドホン` in `ワイヤレスヘッドホン`).
 */
export const titlePart = (fragment: string): Judge => {
  const needle = foldInside(fragment);
  return judge(`title∋"${fragment}"`, (product) => {
    let folded = foldedTitles.get(product);
    if (folded === undefined) foldedTitles.set(product, (folded = foldInside(product.title)));
    return folded.includes(needle);
  });
};

/** The brand, folded, equals `name`. */
export const brand = (name: string): Judge => judge(`brand="${name}"`, (product) => folded(product).brand === needle(name));

/** One of the category paths contains the phrase. */
export const category = (phrase: string): Judge =>
  judge(`categories~"${phrase}"`, (product) => folded(product).categories.some((c) => has(c, phrase)));

/** One of the tags contains the phrase. */
export const tag = (phrase: string): Judge => judge(`tags~"${phrase}"`, (product) => folded(product).tags.some((t) => has(t, phrase)));

/** The attribute `key` contains the phrase (`attr('material', 'merino')` holds for `merino wool`). */
export const attr = (key: string, phrase: string): Judge =>
  judge(`attributes.${key}~"${phrase}"`, (product) => has(folded(product).attributes.get(key), phrase));

/** The attribute `key`, folded, equals `value` exactly (sizes: `L` is not `XL`). */
export const attrIs = (key: string, value: string): Judge =>
  judge(`attributes.${key}="${value}"`, (product) => folded(product).attributes.get(key) === needle(value));

/** The phrase anywhere a shopper could have read it: title, brand, categories, tags, attribute values, description. */
export const mentions = (phrase: string): Judge =>
  judge(`any~"${phrase}"`, (product) => {
    const f = folded(product);
    return [f.title, f.brand, f.description, ...f.categories, ...f.tags, ...f.attributes.values()].some((field) => has(field, phrase));
  });

export const all = (...judges: Judge[]): Judge =>
  judge(judges.map((j) => j.text).join(' & '), (product) => judges.every((j) => j.matches(product)));

export const some = (...judges: Judge[]): Judge =>
  judge(`(${judges.map((j) => j.text).join(' | ')})`, (product) => judges.some((j) => j.matches(product)));

export const not = (inner: Judge): Judge => judge(`!(${inner.text})`, (product) => !inner.matches(product));

/** What a buyer pays (sale_price, else price), as the price filters read it; null without a price. */
export function buyerPrice(product: CatalogProduct): { amount: number; currency: string } | null {
  const price = (product.sale_price ?? product.price) as { amount: number; currency: string } | undefined;
  return price ?? null;
}

/** The buyer's price is in `currency` and within [min, max] (either bound may be omitted). */
export const price = (currency: string, bounds: { min?: number; max?: number }): Judge =>
  judge(`price(${currency}) in [${bounds.min ?? ''}, ${bounds.max ?? ''}]`, (product) => {
    const p = buyerPrice(product);
    return p !== null && p.currency === currency && p.amount >= (bounds.min ?? -Infinity) && p.amount <= (bounds.max ?? Infinity);
  });

/** The product's availability is one of these. */
export const availability = (...values: string[]): Judge =>
  judge(`availability in (${values.join(', ')})`, (product) => values.includes(String(product.availability)));

/** A GTIN is one number whatever its zero padding (GTIN-12 `614141000036` = GTIN-14 `00614141000036`). */
const unpadded = (digits: string): string => digits.replace(/^0+/, '');
export const gtin = (digits: string): Judge =>
  judge(`gtin=${digits}`, (product) => typeof product.gtin === 'string' && unpadded(product.gtin) === unpadded(digits));

/** Codes compared without case, spaces or hyphens (`KM-650` = `km650` = `KM 650`). */
const compact = (text: string): string => fold(text).replace(/ /g, '');
export const mpn = (code: string): Judge =>
  judge(`mpn≈${code}`, (product) => typeof product.mpn === 'string' && compact(product.mpn) === compact(code));
export const productIs = (id: string): Judge => judge(`id=${id}`, (product) => String(product.id) === id);
/** The model number (attributes.model) written with or without its hyphen or spaces. */
export const model = (code: string): Judge =>
  judge(`model≈${code}`, (product) => {
    const value = product.attributes?.model;
    return typeof value === 'string' && compact(value) === compact(code);
  });
