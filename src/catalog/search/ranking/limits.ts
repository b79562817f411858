/**
 * Every bound of the ranked read path, in one place (docs/search.md "Ranking at scale"). Each
 * bounds work per page; none changes which products match, and a page a bound cut short says so
 * (`ranking_exact: false`).
 */

/**
 * Matches counted per tier (counts and facets read at most this many of the all-words matches and
 * as many partial ones; `total_count_exact` says when there were more). A tier with more is ranked
 * level by level (read-levels.ts) instead of scored whole.
 */
export const SEARCH_CANDIDATES = 10_000;

/**
 * A tier with at most this many matches is scored whole in one statement (its count's): cheaper
 * than walking for its top level and then scoring the rest (three statements), and exact all the same.
 */
export const SCORE_WHOLE_TIER = 1_000;

/**
 * Rows read in product id order looking for the top level before it is read through the full-text
 * index instead: a level this dense fills a page within the walk; a sparser one has few enough
 * members (about pageSize / density) to read them all and sort them.
 */
export const BAND_WALK_ROWS = 2_000;

/**
 * The walk's first step: a dense top level (a brand word, a corrected word most titles have) fills
 * the page within these rows, and the rest of BAND_WALK_ROWS is walked only when it did not. Walking
 * all 2,000 rows at once cost 7 ms a search, more than the rest of a one-word search together.
 */
export const BAND_WALK_FIRST_ROWS = 200;

/**
 * Levels a page of a large tier may read through the field indexes (one statement each), best
 * first. A page that needs more (a query of many words whose best levels are empty) is completed
 * from a sample of SEARCH_CANDIDATES of the tier's remaining matches and says so
 * (`ranking_exact: false`); so is one whose level reads outlast SEARCH_RANKING_BUDGET_MS, like
 * Meilisearch's search cutoff.
 */
export const LEVEL_READS = 48;

/**
 * Rows a level may walk in id order (read-walk.ts) before it is read through the indexes: a dense
 * level costs the rows up to its page. A level with a word in descriptions that does not fill the
 * page within them ends the levels read (a sample, flagged): through the search vector's index its
 * candidates are most of the tier.
 */
export const LEVEL_WALK_ROWS = 16_000;

/**
 * Cells (one step per word) a level may join: each adds its words' index probes to the level's
 * statement. A level of more (many words, many ways to one score) ends the levels read like the
 * budget (a sample, flagged). Four words have 30 ways to a score of 2.0 among partial matches.
 */
export const LEVEL_CELLS = 256;

/** Word combinations (cells) considered per page, valid for the tier or not: bounds the enumeration itself. */
export const CELLS_ENUMERATED = 4_096;

/** Scores are sums of a few decimals: compare them with this tolerance. */
export const SCORE_EPSILON = 1e-9;
