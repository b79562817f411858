import type { ProductMatch, QueryInterpretation } from '../../catalog/search/query-reading/query-interpretation';

/** The parts of the UCP 2026-04-08 catalog objects this service produces (see test/fixtures/ucp-2026-04-08). */

export const UCP_VERSION = '2026-04-08';
export const SEARCH_CAPABILITY = 'dev.ucp.shopping.catalog.search';
export const LOOKUP_CAPABILITY = 'dev.ucp.shopping.catalog.lookup';
export type CatalogCapability = typeof SEARCH_CAPABILITY | typeof LOOKUP_CAPABILITY;

export interface UcpPrice {
  /** Integer count of the currency's ISO 4217 minor unit. */
  amount: number;
  currency: string;
}

export interface UcpVariant {
  id: string;
  title: string;
  description: { plain: string };
  url?: string;
  price: UcpPrice;
  list_price?: UcpPrice;
  availability?: { available: boolean; status: string };
  barcodes?: Array<{ type: string; value: string }>;
  media?: UcpMedia[];
  metadata?: Record<string, unknown>;
  inputs?: Array<{ id: string; match: 'exact' | 'featured' }>;
}

export interface UcpMedia {
  type: 'image';
  url: string;
  alt_text?: string;
}

export interface UcpProduct {
  id: string;
  title: string;
  description: { plain: string };
  url?: string;
  categories?: Array<{ value: string; taxonomy: 'merchant' }>;
  price_range: { min: UcpPrice; max: UcpPrice };
  list_price_range?: { min: UcpPrice; max: UcpPrice };
  media?: UcpMedia[];
  variants: UcpVariant[];
  tags?: string[];
  metadata?: Record<string, unknown>;
  /** An extension field (the schema allows extra fields): how the product matched the query, as REST's `_match`. */
  _match?: ProductMatch;
}

export type UcpMessage =
  | { type: 'info'; code: string; content: string; path?: string }
  | { type: 'error'; code: string; content: string; severity: 'recoverable' | 'unrecoverable' };

export interface UcpEnvelope {
  version: string;
  status?: 'success' | 'error';
  capabilities: Partial<Record<CatalogCapability, Array<{ version: string }>>>;
}

export interface UcpSearchResponse {
  ucp: UcpEnvelope;
  products: UcpProduct[];
  pagination: { has_next_page: boolean; cursor?: string; total_count?: number };
  messages?: UcpMessage[];
  /** An extension field (the schema allows extra fields): how the query was read, as on REST. */
  interpretation?: QueryInterpretation;
  /** An extension field: false when a work bound cut the ranking short, as REST's `ranking_exact`. */
  ranking_exact?: boolean;
}

export interface UcpLookupResponse {
  ucp: UcpEnvelope;
  products: UcpProduct[];
  messages?: UcpMessage[];
}

export type UcpGetProductResponse =
  { ucp: UcpEnvelope; product: UcpProduct; messages?: UcpMessage[] } | { ucp: UcpEnvelope; messages: UcpMessage[] };

export function envelope(capability: CatalogCapability, status?: 'error'): UcpEnvelope {
  return { version: UCP_VERSION, ...(status ? { status } : {}), capabilities: { [capability]: [{ version: UCP_VERSION }] } };
}
