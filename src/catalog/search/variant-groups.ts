/**
 * A product's variant group as one SQL value over `s` (product_search): its group_id, else the
 * product itself (the prefixes keep a group_id from meeting a product id).
 */
export const GROUP_UNIT = `coalesce('g' || s.group_key, 'p' || s.product_id)`;

/** A collapsed page's entries: their group's matches, best first (the entry itself), at most this many listed. */
export const GROUP_MEMBERS_LISTED = 20;

/**
 * Rounds of candidates a collapsed ranked or browsed page reads before it ends the page early
 * (with a cursor): 4 × limit (at least 40) candidates, doubled each round.
 */
export const COLLAPSE_ROUNDS = 5;

/** Products of one group read at most (a group larger than this is judged on these). */
export const GROUP_ROWS_READ = 10_000;

/** A candidate's group among the matches: the group's best match first, and how many match. */
export interface GroupMatches {
  /** The group_id (null: the product is its own group). */
  key: string | null;
  /** Up to GROUP_MEMBERS_LISTED ids of the group's matches, in the page's order. */
  members: string[];
  count: number;
}

/** How a group's matches are ordered: `columns` over `s` (and `p` with `joinProducts`), `order` over them as `h`. */
export interface GroupOrder {
  columns: string;
  order: string;
  joinProducts?: boolean;
}

/**
 * For each of `:candidates` (product ids) that has a group_id, its group's products matching
 * `where` (SQL over `s`), ordered by `order`. One statement: the groups are found through
 * product_search_group_idx, so its cost follows the page's groups' sizes, not the matches.
 */
export function groupMatchesSql(where: string, order: GroupOrder): string {
  const join = order.joinProducts ? 'JOIN products p ON p.organization_id = s.organization_id AND p.product_id = s.product_id' : '';
  return `
    WITH c AS MATERIALIZED (
      SELECT s.product_id, s.group_key FROM product_search s
       WHERE s.organization_id = CAST(:organizationId AS uuid) AND s.product_id = ANY(CAST(:candidates AS text[])) AND s.group_key IS NOT NULL
    ), members AS MATERIALIZED (
      SELECT s.* FROM (SELECT DISTINCT group_key FROM c) k
       CROSS JOIN LATERAL (
         SELECT * FROM product_search s
          WHERE s.organization_id = CAST(:organizationId AS uuid) AND s.group_key = k.group_key AND s.group_key IS NOT NULL
          LIMIT ${GROUP_ROWS_READ}
       ) s
    ), m AS MATERIALIZED (
      SELECT s.group_key, s.product_id${order.columns ? `, ${order.columns}` : ''} FROM members s ${join}
       WHERE ${where}
    ), g AS (
      SELECT h.group_key, count(*)::int AS n,
             (array_agg(h.product_id ORDER BY ${order.order}))[1:${GROUP_MEMBERS_LISTED}] AS members
        FROM m h GROUP BY h.group_key
    )
    SELECT c.product_id, c.group_key, g.n, g.members FROM c JOIN g USING (group_key)`;
}

/** A position in a page's order, identified by its product id. */
export interface Positioned {
  id: string;
}

/**
 * The first `limit` products after `after` that are their group's best match (`read` gives the
 * uncollapsed order, `groupsOf` the candidates' groups), each with its group; products in the
 * groups of `excluded` (or excluded themselves) are left out. Reads COLLAPSE_ROUNDS batches at
 * most (each twice the last): a page ended early has `resume`, the last position read, for its cursor.
 */
export async function collapseRounds<P extends Positioned>(
  read: (after: P | undefined, n: number) => Promise<P[]>,
  groupsOf: (ids: string[]) => Promise<Map<string, GroupMatches>>,
  after: P | undefined,
  limit: number,
  excluded: readonly string[] = [],
): Promise<{ rows: Array<P & { group: GroupMatches }>; resume?: P }> {
  // A group's variants usually rank side by side: read past the page. Not much further: a batch the
  // top band fills within its walk is cheap, a larger one may score the whole tier.
  let batch = Math.max(4 * limit, 40);
  const out: Array<P & { group: GroupMatches }> = [];
  const skipIds = new Set(excluded);
  let skipGroups: Set<string> | undefined;
  let from = after;
  for (let round = 0; round < COLLAPSE_ROUNDS; round++) {
    const rows = await read(from, batch);
    const groups = await groupsOf([...rows.map((r) => r.id), ...(skipGroups ? [] : excluded)]);
    skipGroups ??= new Set(excluded.map((id) => groups.get(id)?.key).filter((k): k is string => typeof k === 'string'));
    for (const row of rows) {
      const group = groups.get(row.id) ?? { key: null, members: [row.id], count: 1 };
      if (skipIds.has(row.id) || (group.key !== null && skipGroups.has(group.key)) || group.members[0] !== row.id) continue;
      out.push({ ...row, group });
      if (out.length >= limit) return { rows: out };
    }
    if (rows.length < batch) return { rows: out };
    from = rows[rows.length - 1];
    // Large groups hold the page back: read further ahead each round.
    batch *= 2;
  }
  return { rows: out, resume: from };
}
