import { mapInSlices } from './map-in-slices';

describe('mapInSlices', () => {
  it('maps every item in order, with its index', async () => {
    const items = Array.from({ length: 25 }, (_, i) => `item-${i}`);
    expect(await mapInSlices(items, (item, i) => `${i}:${item}`, () => 1, 10)).toEqual(items.map((item, i) => `${i}:${item}`));
    expect(await mapInSlices([], () => 1, () => 1, 10)).toEqual([]);
  });

  it('lets due callbacks run between slices of the given weight, not within one', async () => {
    const seen: string[] = [];
    const weights = [1, 1, 1, 5, 1, 1, 1];
    await mapInSlices(
      weights.map((weight, i) => ({ weight, i })),
      ({ i }) => {
        seen.push(`item ${i}`);
        setImmediate(() => seen.push(`after ${i}`));
      },
      ({ weight }) => weight,
      3,
    );
    // Slices: items 0-2 (weight 3), item 3 (weight 5), items 4-6.
    expect(seen).toEqual(['item 0', 'item 1', 'item 2', 'after 0', 'after 1', 'after 2', 'item 3', 'after 3', 'item 4', 'item 5', 'item 6']);
  });
});
