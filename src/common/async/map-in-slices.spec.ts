import { mapInSlices } from './map-in-slices';

describe('mapInSlices', () => {
  it('maps every item in order, with its index', async () => {
    const items = Array.from({ length: 25 }, (_, i) => `item-${i}`);
    expect(await mapInSlices(items, (item, i) => `${i}:${item}`, 10)).toEqual(items.map((item, i) => `${i}:${item}`));
    expect(await mapInSlices([], () => 1, 10)).toEqual([]);
  });

  it('lets due I/O callbacks and immediates run between slices, not within one', async () => {
    const seen: string[] = [];
    const mapped = mapInSlices(
      Array.from({ length: 7 }, (_, i) => i),
      (i) => {
        seen.push(`item ${i}`);
        if (i === 0) setImmediate(() => seen.push('immediate'));
        return i;
      },
      3,
    );
    await mapped;
    expect(seen).toEqual(['item 0', 'item 1', 'item 2', 'immediate', 'item 3', 'item 4', 'item 5', 'item 6']);
  });
});
