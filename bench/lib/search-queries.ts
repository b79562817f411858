import { BRANDS, COLORS, PRODUCT_KINDS, SIZES } from '../../tools/harness/catalog-vocabulary';
import { Prng } from '../../tools/harness/prng';

/** One request a search benchmark times; `pages` > 1: the page reached by following next_cursor that many times minus one. */
export interface SearchCase {
  kind: SearchKind;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  pages?: number;
}

export const SEARCH_KINDS = [
  'exact',
  'exact, collapsed',
  'natural-language',
  'typo',
  'prefix',
  'filters',
  'filters + q',
  'attributes[size]',
  'deep page 10',
  'deep page 10, collapsed',
  'facets',
  'UCP search',
  'worst case',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

const lower = (s: string) => s.toLowerCase();
/** Words of letters only (USB-C, "&" and the like are left out). */
const plainWords = (s: string) =>
  lower(s)
    .split(/\s+/)
    .filter((w) => /^\p{L}+$/u.test(w));
const lastWord = (noun: string) => plainWords(noun).at(-1)!;

const NOUNS = PRODUCT_KINDS.map((k) => lower(k.noun));
const MATERIAL_WORDS = [...new Set(PRODUCT_KINDS.flatMap((k) => k.materials.flatMap(plainWords)))];
const BRAND_WORDS = [...new Set(BRANDS.flatMap(plainWords))];
const LONG_WORDS = [...new Set([...NOUNS.flatMap(plainWords), ...MATERIAL_WORDS, ...BRAND_WORDS])].filter((w) => /^[a-z]{6,}$/.test(w));

const NATURAL = [
  (a: string, b: string) => `I am looking for a ${a} ${b} please`,
  (a: string, b: string) => `do you have any ${a} ${b} for the winter`,
  (a: string, b: string) => `show me some ${a} ${b} that would make a nice gift`,
  (a: string, b: string) => `which ${a} ${b} would you recommend for everyday use`,
  (a: string, b: string) => `I need a good ${a} ${b} for my home`,
];

/** One letter in the middle replaced by another (never the first, which typists rarely miss). */
function typo(rng: Prng, word: string): string {
  const at = rng.int(1, word.length - 2);
  const letters = 'abcdefghijklmnopqrstuvwxyz'.replace(word[at], '');
  return word.slice(0, at) + rng.pick([...letters]) + word.slice(at + 1);
}

const query = (params: Record<string, string | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v!)}`)
    .join('&');

const products = (params: Record<string, string | undefined>) => `/v1/catalogs/products?${query(params)}`;

/**
 * `perKind` different queries of every kind, taken from the bench catalog's own vocabulary
 * (nouns, brands, colours, materials), deterministic for a seed.
 */
export function searchCases(perKind: number, seed = 1): SearchCase[] {
  const rng = new Prng(seed);
  const cases: SearchCase[] = [];
  const get = (kind: SearchKind, path: string, label: string, pages?: number) => cases.push({ kind, label, method: 'GET', path, pages });
  for (let i = 0; i < perKind; i++) {
    const kind = rng.pick(PRODUCT_KINDS);
    const noun = lastWord(kind.noun);
    const color = rng.pick(COLORS);
    const material = lower(rng.pick(kind.materials));
    const brand = rng.pick(BRANDS);

    const exact = [noun, `${lower(kind.noun)}`, `${plainWords(brand)[0]} ${noun}`, `${color} ${noun}`][i % 4];
    get('exact', products({ q: exact }), exact);
    // The same query, one product per variant group (the bench catalog's styles share group_id).
    get('exact, collapsed', products({ q: exact, collapse_variants: 'true' }), exact);

    const natural = NATURAL[i % NATURAL.length](i % 2 === 0 ? material : color, noun);
    get('natural-language', products({ q: natural }), natural);

    const long = rng.pick(LONG_WORDS);
    const misspelt = typo(rng, long);
    const typoQuery = i % 2 === 0 ? misspelt : `${color} ${misspelt}`;
    get('typo', products({ q: typoQuery }), `${typoQuery} (${long})`);

    const stem = rng.pick(LONG_WORDS.filter((w) => w.length >= 6)).slice(0, 4);
    const prefixQuery = i % 2 === 0 ? stem : `${color} ${stem}`;
    get('prefix', products({ q: prefixQuery }), prefixQuery);

    const filters = {
      brand,
      category: kind.category,
      availability: 'in_stock',
      currency: 'USD',
      price_min: String(kind.price[0]),
      price_max: String(Math.round((kind.price[0] + kind.price[1]) / 2)),
    };
    get('filters', products(filters), `${brand} / ${kind.category.split(' > ').at(-1)} / in_stock / USD`);
    get('filters + q', products({ q: material, ...filters }), `q=${material} + ${brand} / in_stock / USD`);

    const sized = rng.pick(PRODUCT_KINDS.filter((k) => k.sized));
    const size = i === 0 ? 'M' : rng.pick(SIZES);
    const sizeQuery = i % 2 === 0 ? lastWord(sized.noun) : undefined;
    get('attributes[size]', products({ q: sizeQuery, 'attributes[size]': size }), `${sizeQuery ? `q=${sizeQuery} ` : ''}size=${size}`);

    const common = [noun, rng.pick(MATERIAL_WORDS.filter((w) => w.length >= 4)), plainWords(color)[0]][i % 3];
    get('deep page 10', products({ q: common }), `q=${common}`, 10);
    get('deep page 10, collapsed', products({ q: common, collapse_variants: 'true' }), `q=${common}`, 10);

    const facetQuery = i % 2 === 0 ? noun : `${color} ${noun}`;
    get('facets', `/v1/catalogs/products/facets?${query({ q: facetQuery })}`, facetQuery);

    const ucpQuery = i % 2 === 0 ? `${material} ${noun}` : natural;
    cases.push({
      kind: 'UCP search',
      label: ucpQuery,
      method: 'POST',
      path: '/ucp/catalog/search',
      body: { query: ucpQuery, filters: { available: true }, pagination: { limit: 10 } },
    });

    // Issue 30 item 5: 200 characters of one-letter typos of the catalog's own words (the most
    // corrections, scored terms and trigram scans a query can ask for); within 3× of a typical query.
    const typos: string[] = [];
    while (typos.join(' ').length < 200) typos.push(typo(rng, rng.pick(LONG_WORDS)));
    const worst = typos.join(' ').slice(0, 200).trim();
    get('worst case', products({ q: worst }), `${worst.slice(0, 40)}… (${worst.length} chars)`);
  }
  return cases;
}
