/**
 * Names and DDL of product_search's partitions (migration PartitionedSearch1795870000000).
 * Organization ids go into DDL as literals (a partition bound or a CHECK takes no parameter), so
 * they are checked to be canonical UUIDs first.
 */

/** The DEFAULT partition: every organization without a partition of its own. */
export const SHARED_PARTITION = 'product_search_shared';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The organization id as a SQL literal; throws on anything but a lower-case canonical UUID (what PostgreSQL prints). */
export function organizationLiteral(organizationId: string): string {
  if (!UUID.test(organizationId)) throw new Error(`not an organization id: ${JSON.stringify(organizationId)}`);
  return `'${organizationId}'`;
}

/** The organization's own partition: `product_search_<32 hex>` (47 characters, room for index suffixes within 63). */
export function ownPartitionName(organizationId: string): string {
  organizationLiteral(organizationId);
  return `product_search_${organizationId.replace(/-/g, '')}`;
}

/** The shared partition's CHECK that keeps the organization out of it once it has its own (lets ATTACH skip reading it). */
export function sharedExclusionName(organizationId: string): string {
  return `${SHARED_PARTITION}_not_${organizationId.replace(/-/g, '')}`;
}

/**
 * An own partition's indexes: the shared partition's (migrations 1764300500000 … 1795840000000),
 * the GIN ones without the leading organization column, which is constant there (every entry
 * would carry it). The B-trees keep it: statements filter on it, and with it in the index a count
 * over a brand, an availability or a price reads the index alone (an index-only scan; without it,
 * every counted row was read from the heap: 120 ms for 10,000 rows at a million products). The key
 * matches the parent's, as ATTACH requires. `search-partitions.e2e-spec.ts` checks that every index
 * of the shared partition has its counterpart here.
 */
export const OWN_PARTITION_INDEXES: ReadonlyArray<{ suffix: string; definition: string }> = [
  { suffix: 'search', definition: 'USING gin (search)' },
  { suffix: 'title', definition: `USING gin (ts_filter(search, '{a}'::"char"[]))` },
  { suffix: 'named', definition: `USING gin (ts_filter(search, '{a,b}'::"char"[]))` },
  { suffix: 'describing', definition: `USING gin (ts_filter(search, '{a,b,c}'::"char"[]))` },
  { suffix: 'codes', definition: 'USING gin (codes)' },
  { suffix: 'attributes', definition: 'USING gin (attributes jsonb_path_ops) WHERE (attributes IS NOT NULL)' },
  { suffix: 'categories', definition: 'USING gin (category_keys) WHERE (category_keys IS NOT NULL)' },
  { suffix: 'brand', definition: 'USING btree (organization_id, brand_key, product_id) WHERE (brand_key IS NOT NULL)' },
  { suffix: 'availability', definition: 'USING btree (organization_id, availability, product_id) WHERE (availability IS NOT NULL)' },
  { suffix: 'group', definition: 'USING btree (organization_id, group_key, product_id) WHERE (group_key IS NOT NULL)' },
  { suffix: 'price', definition: 'USING btree (organization_id, price_currency, price_amount) WHERE (price_currency IS NOT NULL)' },
];

/** The statements that build an own partition's indexes, after its rows are in (one sort each, not one insert per row). */
export function ownPartitionIndexStatements(relation: string): string[] {
  return [
    `ALTER TABLE "${relation}" ADD CONSTRAINT "${relation}_pkey" PRIMARY KEY (organization_id, product_id)`,
    ...OWN_PARTITION_INDEXES.map(({ suffix, definition }) => `CREATE INDEX "${relation}_${suffix}" ON "${relation}" ${definition}`),
  ];
}
