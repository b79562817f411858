/**
 * The advisory lock that orders everything that writes an organization's catalog: its imports
 * (session-level, held for a whole import) and single product deletes (transaction-level).
 * Two-key advisory locks live in their own key space: (namespace, hashtext(organization id)).
 */
export const ORGANIZATION_LOCK_NAMESPACE = 7272;

/** Held (transaction-level) by the worker recomputing an organization's catalog counts. */
export const CATALOG_STATS_LOCK_NAMESPACE = 7273;

/**
 * Serialises the last step of an organization's uploads (transaction-level), so each one checks
 * the pending-import quota against the uploads committed before it.
 */
export const ORGANIZATION_QUOTA_LOCK_NAMESPACE = 7274;

/** Held (transaction-level, key 0) by the worker refreshing the search tables' planner statistics. */
export const PLANNER_STATISTICS_LOCK_NAMESPACE = 7275;

/**
 * An organization's search rows while they move to a partition of their own: (namespace,
 * hashtext(organization id)) held exclusively (session-level) by the mover; each indexing
 * statement tries it shared and leaves the organization's entries pending when it cannot have it.
 * Key (namespace, 0) of SEARCH_PARTITION_MOVER_LOCK_NAMESPACE: one mover at a time.
 */
export const SEARCH_PARTITION_LOCK_NAMESPACE = 7276;
export const SEARCH_PARTITION_MOVER_LOCK_NAMESPACE = 7277;
