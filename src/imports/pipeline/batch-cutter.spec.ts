import fc from 'fast-check';
import { validateProduct } from '../../catalog/product/product-validator';
import { BatchCutter, ELEMENT_OVERHEAD_BYTES, MIN_PRODUCT_BYTES } from './batch-cutter';

/** Batch sizes the cutter produces for elements of the given byte lengths. */
function cut(lengths: number[], maxProducts: number, maxBytes: number): number[] {
  const cutter = new BatchCutter({ maxProducts, maxBytes });
  const sizes: number[] = [];
  let current = 0;
  for (const byteLength of lengths) {
    current++;
    if (cutter.add({ byteLength, oversized: false })) {
      sizes.push(current);
      current = 0;
    }
  }
  if (current > 0) sizes.push(current);
  return sizes;
}

describe('BatchCutter', () => {
  it('cuts product-sized elements by count', () => {
    expect(cut(new Array(5).fill(100), 2, 1_000_000)).toEqual([2, 2, 1]);
  });

  it('cuts large elements by bytes, the last element crossing the budget included', () => {
    expect(cut(new Array(7).fill(30_000), 1_000, 65_536)).toEqual([3, 3, 1]);
  });

  it('counts tiny elements by bytes only, never by count', () => {
    const perBatch = Math.ceil(4_194_304 / (1 + ELEMENT_OVERHEAD_BYTES));
    expect(cut(new Array(perBatch * 2).fill(1), 1_000, 4_194_304)).toEqual([perBatch, perBatch]);
  });

  it('does not count an oversized element’s bytes, which are never kept', () => {
    const cutter = new BatchCutter({ maxProducts: 1_000, maxBytes: 65_536 });
    expect(cutter.add({ byteLength: 10_000_000, oversized: true })).toBe(false);
  });

  it('never leaves a batch over its limits by more than one element', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 262_144 }), { maxLength: 300 }),
        fc.integer({ min: 1, max: 50 }),
        (lengths, maxProducts) => {
          const maxBytes = 65_536;
          let start = 0;
          for (const size of cut(lengths, maxProducts, maxBytes)) {
            const batch = lengths.slice(start, start + size);
            const head = batch.slice(0, -1);
            expect(head.filter((l) => l >= MIN_PRODUCT_BYTES).length).toBeLessThan(maxProducts);
            expect(head.reduce((sum, l) => sum + l + ELEMENT_OVERHEAD_BYTES, 0)).toBeLessThan(maxBytes);
            start += size;
          }
          expect(start).toBe(lengths.length);
        },
      ),
    );
  });

  it('uses the size of the smallest valid product as the product threshold', () => {
    const smallest = '{"id":0,"title":"x"}';
    expect(Buffer.byteLength(smallest)).toBe(MIN_PRODUCT_BYTES);
    expect(validateProduct(JSON.parse(smallest)).valid).toBe(true);
  });
});
