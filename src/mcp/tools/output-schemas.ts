import { z } from 'zod';

/**
 * Output schemas the tools advertise (and the SDK checks `structuredContent` against). The UCP
 * ones are the essentials of the UCP response objects — the full definitions are the UCP JSON
 * Schemas, which the e2e specs validate against; extra fields pass through.
 */
const price = z.object({ amount: z.number().int().min(0), currency: z.string().regex(/^[A-Z]{3}$/) });
const ucp = z.looseObject({
  version: z.string(),
  status: z.enum(['success', 'error']).optional(),
  capabilities: z.record(z.string(), z.array(z.looseObject({ version: z.string() }))),
});
const variant = z.looseObject({ id: z.string(), title: z.string(), price });
/** How a product matched the query (docs/search.md "How each product matched"); the same object as REST's `_match`. */
const productMatch = z.looseObject({
  all_words: z.boolean(),
  missing: z.array(z.string()),
  words: z.record(z.string(), z.enum(['title', 'brand_category_attribute', 'tags', 'description', 'code'])),
  via: z.record(z.string(), z.enum(['typo', 'split', 'prefix', 'synonym', 'everyday', 'unit', 'compound'])).optional(),
  score: z.number().nullable(),
});
const product = z.looseObject({
  id: z.string(),
  title: z.string(),
  price_range: z.object({ min: price, max: price }),
  variants: z.array(variant).min(1),
  _match: productMatch.optional(),
});
const message = z.looseObject({ type: z.enum(['error', 'warning', 'info']), content: z.string(), code: z.string().optional() });

const money = z.object({ amount: z.number(), currency: z.string() });
const inferred = z.looseObject({
  price_min: money.optional(),
  price_max: money.optional(),
  availability: z.array(z.string()).optional(),
  sort: z.enum(['price_asc', 'price_desc', 'newest']).optional(),
});
/** How the query was read (docs/search.md "How a query is read"); the same object as REST's `interpretation`. */
const interpretation = z.looseObject({
  match: z.enum(['all_words', 'partial', 'code', 'none', 'browse']),
  words: z.array(
    z.looseObject({
      word: z.string(),
      status: z.enum(['matched', 'corrected', 'expanded', 'not_found', 'ignored', 'excluded', 'filter', 'sort', 'code']),
      to: z.array(z.string()).optional(),
      via: z.enum(['typo', 'split', 'prefix', 'synonym', 'everyday', 'unit', 'compound']).optional(),
      reason: z.string().optional(),
    }),
  ),
  inferred,
  context: inferred
    .optional()
    .describe("Filters and sort read from context.intent, where neither the filters nor the query's words set them"),
});

export const searchOutput = z.looseObject({
  ucp,
  products: z.array(product),
  pagination: z.looseObject({ has_next_page: z.boolean(), cursor: z.string().optional(), total_count: z.number().int().optional() }),
  messages: z.array(message).optional(),
  interpretation: interpretation.optional(),
  ranking_exact: z
    .boolean()
    .optional()
    .describe('False when a work bound cut the ranking short (the last products are the best of a sample)'),
});

const facetValue = z.object({ value: z.string(), count: z.number().int() });
const valueFacet = { values: z.array(facetValue), other_count: z.number().int(), missing_count: z.number().int() };

export const catalogFacets = z.object({
  total_count: z.number().int(),
  total_count_exact: z
    .boolean()
    .describe('False when more products match than were counted (10,000 at most, in index order): then every count here is a lower bound'),
  brands: z.object(valueFacet),
  availability: z.object(valueFacet),
  categories: z.array(z.object({ level: z.number().int(), ...valueFacet })),
  prices: z.array(z.object({ currency: z.string(), min: z.string(), max: z.string(), count: z.number().int() })),
  unpriced_count: z.number().int(),
});

export const lookupOutput = z.looseObject({ ucp, products: z.array(product), messages: z.array(message).optional() });

/** A product, or (unknown id) ucp.status "error" with messages only. */
export const getProductOutput = z.looseObject({ ucp, product: product.optional(), messages: z.array(message).optional() });

export const importJob = z.object({
  job_id: z.uuid(),
  status: z.enum(['pending', 'processing', 'done', 'failed']),
  total: z.number().int(),
  indexed_count: z.number().int(),
  failed_count: z.number().int(),
  skipped_count: z.number().int(),
  progress: z.number().int(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});

export const importJobPage = z.object({ data: z.array(importJob), next_cursor: z.string().nullable() });

export const importErrorsPage = z.object({
  job_id: z.uuid(),
  failure: z.object({ type: z.string(), message: z.string() }).nullable(),
  failed_count: z.number().int(),
  error_details_kept: z.number().int(),
  data: z.array(
    z.object({
      index: z.number().int(),
      product_id: z.string().nullable(),
      errors: z.array(z.object({ field: z.string(), message: z.string() })),
    }),
  ),
  next_cursor: z.string().nullable(),
});

export const catalogOverview = z.object({
  organization_id: z.uuid(),
  product_count: z
    .number()
    .int()
    .describe('Products in the catalog, exact at every commit: the moment a job reads done it counts what the job wrote and deleted'),
  last_import: importJob.nullable(),
  updated_at: z.string().nullable(),
  language: z.string().describe("The catalog's default language (BCP 47): products naming none are searched by its rules"),
  product_languages: z.array(z.string()).describe("Languages the catalog's products name themselves; queries are read in these too"),
  by_availability: z.record(z.string(), z.number().int()).describe('Product counts per availability; "unspecified" when absent'),
  top_brands: z.array(z.object({ brand: z.string(), count: z.number().int() })),
  top_categories: z.array(z.object({ category: z.string(), count: z.number().int() })),
  stats_as_of: z
    .string()
    .nullable()
    .describe(
      'When updated_at, by_availability, top_brands and top_categories were taken (recomputed within seconds of each import or ' +
        'delete; product_count is always current); null: not yet',
    ),
});
