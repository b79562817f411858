/** Organizations whose words left out are remembered between warnings; past it the oldest is forgotten. */
const MAX_ORGANIZATIONS = 10_000;

/**
 * The indexer's "vocabulary is full" warnings, at most one a minute per organization: an
 * organization at its bound leaves words out in every indexing chunk (a million-product import is a
 * thousand chunks), and one line per chunk said nothing the first did not. Words left out between
 * warnings are added to the next one.
 */
export class LeftOutWords {
  private readonly organizations = new Map<string, { words: number; warnedAt: number }>();

  constructor(
    private readonly intervalMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts `words` left out in the organization's vocabulary; returns how many to warn about now (0: stay quiet). */
  add(organizationId: string, words: number): number {
    let entry = this.organizations.get(organizationId);
    if (entry === undefined) {
      if (this.organizations.size >= MAX_ORGANIZATIONS) this.organizations.delete(this.organizations.keys().next().value!);
      entry = { words: 0, warnedAt: -Infinity };
      this.organizations.set(organizationId, entry);
    }
    entry.words += words;
    if (this.now() - entry.warnedAt < this.intervalMs) return 0;
    const total = entry.words;
    entry.words = 0;
    entry.warnedAt = this.now();
    return total;
  }
}
