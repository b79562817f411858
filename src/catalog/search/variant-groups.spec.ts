import { collapseRounds, COLLAPSE_ROUNDS, type GroupMatches } from './variant-groups';

/** An uncollapsed order of ids and each id's group (absent: its own group), as the repository would read them. */
function catalog(order: string[], groupOf: Record<string, string>) {
  const reads: number[] = [];
  const read = (after: { id: string } | undefined, n: number) => {
    reads.push(n);
    const start = after ? order.indexOf(after.id) + 1 : 0;
    return Promise.resolve(order.slice(start, start + n).map((id) => ({ id })));
  };
  const groupsOf = (ids: string[]) => {
    const out = new Map<string, GroupMatches>();
    for (const id of ids) {
      const key = groupOf[id];
      if (key === undefined) continue;
      const members = order.filter((other) => groupOf[other] === key);
      out.set(id, { key, members, count: members.length });
    }
    return Promise.resolve(out);
  };
  return { read, groupsOf, reads };
}

describe('collapseRounds', () => {
  it("keeps each group's first product in the order, with its group, and continues after a position without repeating a group", async () => {
    const { read, groupsOf } = catalog(['a1', 'b1', 'a2', 'x', 'b2', 'c1'], { a1: 'A', a2: 'A', b1: 'B', b2: 'B', c1: 'C' });
    const first = await collapseRounds(read, groupsOf, undefined, 2);
    expect(first.rows.map((r) => [r.id, r.group.count])).toEqual([
      ['a1', 2],
      ['b1', 2],
    ]);
    const next = await collapseRounds(read, groupsOf, { id: 'b1' }, 10);
    expect(next.rows.map((r) => [r.id, r.group.count])).toEqual([
      ['x', 1],
      ['c1', 1],
    ]);
    expect(next.resume).toBeUndefined();
  });

  it('leaves out the groups of excluded products (shown elsewhere on the page)', async () => {
    const { read, groupsOf } = catalog(['a1', 'b1', 'a2', 'c1'], { a1: 'A', a2: 'A', b1: 'B' });
    const page = await collapseRounds(read, groupsOf, undefined, 10, ['a2']);
    expect(page.rows.map((r) => r.id)).toEqual(['b1', 'c1']);
  });

  it('reads more each round and ends a page early with the last position read when one group fills every round', async () => {
    const order = Array.from({ length: 5000 }, (_, i) => `a${String(i).padStart(5, '0')}`);
    const groupOf = Object.fromEntries(order.map((id) => [id, 'A']));
    const { read, groupsOf, reads } = catalog([...order, 'z'], groupOf);
    const page = await collapseRounds(read, groupsOf, { id: order[0] }, 10);
    expect(page.rows).toEqual([]);
    expect(reads).toEqual([40, 80, 160, 320, 640]);
    expect(reads).toHaveLength(COLLAPSE_ROUNDS);
    expect(page.resume).toEqual({ id: order[1240] });
    // Continuing from there reaches the next group.
    const next = await collapseRounds(read, groupsOf, { id: order[4999] }, 10);
    expect(next.rows.map((r) => r.id)).toEqual(['z']);
  });
});
