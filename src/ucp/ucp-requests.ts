import { z } from 'zod';
import { isLanguageTag, LANGUAGE_TAG_MESSAGE } from '../common/languages/language-tag';
import { STORABLE_PATTERN } from '../common/text/storable-string';
import { AVAILABILITY_VALUES } from '../catalog/validation/product-vocabulary';
import { ISO_4217_CURRENCY_CODES } from '../catalog/validation/currencies';
import { MAX_ATTRIBUTE_FILTERS } from '../catalog/dto/product-query.dto';
import { MATCH_STRATEGIES } from '../catalog/criteria/product-criteria';

/**
 * The UCP catalog request objects (catalog_search.json / catalog_lookup.json, 2026-04-08) as zod
 * schemas: the MCP tools publish them as input schemas and the REST binding parses bodies with
 * them, so both transports accept exactly the same requests.
 *
 * Deliberately narrower than the schemas where we cannot honour a value: `filters` accepts only
 * the filters we apply (an ignored filter would silently widen the results), and ids and queries
 * have the lengths a product id or query can have here.
 */

export const MAX_PAGE_LIMIT = 100;
export const DEFAULT_PAGE_LIMIT = 10; // UCP default
export const MAX_LOOKUP_IDS = 100;
/** context.intent is read up to this many characters (a sentence or two). */
export const MAX_INTENT_LENGTH = 500;
/** A UCP request body is read up to this size (413 beyond). */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;

const text = (max: number) => z.string().min(1).max(max).regex(STORABLE_PATTERN, 'must not contain NUL characters or unpaired surrogates');
const minorAmount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const context = z
  .looseObject({
    currency: z
      .string()
      .refine((code) => ISO_4217_CURRENCY_CODES.has(code), 'must be an ISO 4217 currency code in upper case')
      .optional()
      .describe('Presentment currency; price filters are in its minor units (required with filters.price)'),
    language: z
      .string()
      .refine(isLanguageTag, LANGUAGE_TAG_MESSAGE)
      .optional()
      .describe(
        "The buyer's language (BCP 47): the query is read in it first, then in the catalog's languages (REST: else Accept-Language)",
      ),
    intent: text(MAX_INTENT_LENGTH)
      .optional()
      .describe(
        "The buyer's intent in words ('looking for a gift under $50'): its price, availability and order words apply like the query's own " +
          'where neither the filters nor the query set them (reported in interpretation.context); the rest is not searched',
      ),
  })
  .describe('UCP context; currency, language and intent are used (prices are not converted, other fields are accepted and ignored)');

const filters = z
  .strictObject({
    categories: z
      .array(text(255))
      .min(1)
      .max(20)
      .optional()
      .describe('Any of these merchant category paths or their sub-paths ("Apparel" matches "Apparel > Sweaters"), case-insensitive'),
    price: z
      .strictObject({ min: minorAmount.optional(), max: minorAmount.optional() })
      .optional()
      .describe('Price a buyer pays, in minor units of context.currency (required); only products priced in that currency match'),
    brand: text(70).optional().describe('Custom filter: brand, case-insensitive'),
    availability: z.array(z.enum(AVAILABILITY_VALUES)).min(1).optional().describe('Custom filter: any of these availabilities'),
    available: z
      .boolean()
      .optional()
      .describe('Custom filter: true for products a buyer can order (in_stock, preorder, backorder), false for the others'),
    attributes: z
      .record(text(200), text(200))
      .refine((map) => Object.keys(map).length >= 1 && Object.keys(map).length <= MAX_ATTRIBUTE_FILTERS, {
        message: `must hold 1 to ${MAX_ATTRIBUTE_FILTERS} attributes`,
      })
      .optional()
      .describe(
        'Custom filter: attribute values by key ({"size": "XL"}), each equal case-insensitively (a number or boolean matches its spelling)',
      ),
  })
  .describe('Filters, combined with AND; unknown filters are refused rather than ignored');

const pagination = z.strictObject({
  cursor: z.string().min(1).max(1024).optional(),
  limit: z.number().int().min(1).optional().describe(`Page size, default ${DEFAULT_PAGE_LIMIT}; above ${MAX_PAGE_LIMIT} it is clamped`),
});

const passThrough = z.looseObject({});

/** filters.price is in minor units of context.currency: without it the amounts mean nothing (search, lookup, get product). */
function hasCurrencyForPrice(r: { filters?: { price?: unknown }; context?: { currency?: string } }): boolean {
  return r.filters?.price === undefined || r.context?.currency !== undefined;
}

const PRICE_NEEDS_CURRENCY = {
  message: 'filters.price needs context.currency: amounts are minor units of that currency (no currency conversion here)',
  path: ['context', 'currency'],
};

export const searchRequestSchema = z
  .looseObject({
    query: text(200)
      .optional()
      .describe(
        'Free-text query (words, "quoted phrases", -excluded), read and ranked as GET /v1/catalogs/products reads and ranks q (price, stock and ' +
          'order words become filters and a sort; product codes are found exactly; the reading is returned in `interpretation` and as info messages): products with every known word first, ' +
          'then (when they do not fill the page) products with some of them; typos, the last word as a prefix, accents, units and the ' +
          "organization's synonyms are handled.",
      ),
    context: context.optional(),
    signals: passThrough.optional(),
    attribution: passThrough.optional(),
    filters: filters.optional(),
    pagination: pagination.optional(),
    match: z
      .enum(MATCH_STRATEGIES)
      .optional()
      .describe(
        'Extension: `any` (default) adds products having only some of the words when those having every word do not fill the first page; ' +
          '`all` returns only products having every word (each product says how it matched in its `_match` extension field).',
      ),
    sort: z
      .enum(['relevance', 'price_asc', 'price_desc', 'newest'])
      .optional()
      .describe(
        'Order (default relevance; words like "cheapest" in the query ask for price_asc when this is not given). Price sorts compare in ' +
          "context.currency, else the catalog's main currency; products priced otherwise come after, by id. newest: last updated first. " +
          'A pagination.cursor continues only the sort it was returned with.',
      ),
  })
  .refine((r) => r.query !== undefined || (r.filters !== undefined && Object.keys(r.filters).length > 0), {
    message: 'a search needs a query or at least one filter',
  })
  .refine(hasCurrencyForPrice, PRICE_NEEDS_CURRENCY);

export const lookupRequestSchema = z
  .looseObject({
    ids: z
      .array(z.string())
      .min(1)
      .max(MAX_LOOKUP_IDS)
      .describe(`1 to ${MAX_LOOKUP_IDS} product ids (a product id is also its variant id)`),
    filters: filters.optional(),
    context: context.optional(),
    signals: passThrough.optional(),
    attribution: passThrough.optional(),
  })
  .refine(hasCurrencyForPrice, PRICE_NEEDS_CURRENCY);

export const getProductRequestSchema = z
  .looseObject({
    id: z.string().min(1).describe('Product id (also its only variant id)'),
    selected: z
      .array(z.looseObject({ name: z.string(), label: z.string() }))
      .optional()
      .describe('Accepted; products here have no options'),
    preferences: z.array(z.string()).optional(),
    filters: filters.optional(),
    context: context.optional(),
    signals: passThrough.optional(),
    attribution: passThrough.optional(),
  })
  .refine(hasCurrencyForPrice, PRICE_NEEDS_CURRENCY);

export type SearchRequest = z.infer<typeof searchRequestSchema>;
export type LookupRequest = z.infer<typeof lookupRequestSchema>;
export type GetProductRequest = z.infer<typeof getProductRequestSchema>;
export type CatalogFilters = z.infer<typeof filters>;

/** A zod error as one line an agent can act on: "catalog.filters.price: …; ids: …". */
export function describeIssues(error: z.ZodError, prefix = ''): string {
  return error.issues
    .map((issue) => {
      const path = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
