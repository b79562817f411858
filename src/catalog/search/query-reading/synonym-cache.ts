import type { SynonymExpansion } from './synonym-expansion';

/** Organizations whose parsed synonyms are kept; the least recently used one goes first. */
export const SYNONYM_CACHE_ORGANIZATIONS = 1_000;

/**
 * Parsed synonym expansions per organization, keyed by the set's `updated_at`: the search reads
 * `updated_at` on every request (one primary-key probe) and the expansions only when they changed,
 * so a set of thousands of expansions is parsed once per change, not per request.
 */
export class SynonymCache {
  private readonly entries = new Map<string, { updatedAt: string; expansions: SynonymExpansion[] }>();

  constructor(private readonly capacity = SYNONYM_CACHE_ORGANIZATIONS) {}

  get(organizationId: string): { updatedAt: string; expansions: SynonymExpansion[] } | undefined {
    const entry = this.entries.get(organizationId);
    if (entry) {
      this.entries.delete(organizationId);
      this.entries.set(organizationId, entry);
    }
    return entry;
  }

  set(organizationId: string, updatedAt: string, expansions: SynonymExpansion[]): SynonymExpansion[] {
    this.entries.delete(organizationId);
    this.entries.set(organizationId, { updatedAt, expansions });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return expansions;
  }
}
