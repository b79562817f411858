import { createHash } from 'node:crypto';
import type { StoredHashes } from '../../catalog/product-write';
import { diffBatch } from './batch-diff';
import type { ElementOutcome } from './element-outcome';

const h = (s: string) => createHash('sha256').update(s).digest('hex');
const valid = (index: number, id: string, content: string, raw = `${content}-raw`): ElementOutcome => ({
  kind: 'valid',
  index,
  productId: id,
  rawHash: h(raw),
  contentHash: h(content),
  json: Buffer.from(`{"id":"${id}","v":"${content}"}`),
});

describe('diffBatch', () => {
  it('fails new products beyond the room, in file order, naming the limit; changes, repeats and skips still apply', () => {
    const stored = new Map<string, StoredHashes>([
      ['kept', { contentHash: h('k'), rawHash: null }],
      ['changed', { contentHash: h('old'), rawHash: null }],
    ]);
    const diff = diffBatch(
      [
        valid(0, 'fresh-1', 'f1'),
        valid(1, 'changed', 'new'),
        valid(2, 'fresh-2', 'f2'),
        valid(3, 'kept', 'k'),
        valid(4, 'fresh-1', 'f1-again'),
        valid(5, 'fresh-3', 'f3'),
      ],
      stored,
      { room: 1, limit: 1_000 },
    );
    expect(diff.writes.map((w) => [w.productId, w.exists])).toEqual([
      ['changed', true],
      ['fresh-1', false],
    ]);
    expect({ indexed: diff.indexed, skipped: diff.skipped, failed: diff.failed }).toEqual({ indexed: 3, skipped: 1, failed: 2 });
    expect(diff.invalid.map((e) => [e.index, e.productId])).toEqual([
      [2, 'fresh-2'],
      [5, 'fresh-3'],
    ]);
    expect(diff.invalid[0].errors).toEqual([
      {
        field: '',
        message:
          "not stored: the organization's catalog is at its limit of 1,000 products (PRODUCTS_PER_ORGANIZATION); changes to stored products still apply",
      },
    ]);
  });

  it('counts new, changed and unchanged products and writes the new and changed ones', () => {
    const stored = new Map<string, StoredHashes>([
      ['same', { contentHash: h('s'), rawHash: null }],
      ['changed', { contentHash: h('old'), rawHash: null }],
    ]);
    const diff = diffBatch([valid(0, 'same', 's'), valid(1, 'changed', 'new'), valid(2, 'fresh', 'f')], stored);
    expect({ indexed: diff.indexed, skipped: diff.skipped, failed: diff.failed }).toEqual({ indexed: 2, skipped: 1, failed: 0 });
    expect(diff.writes.map((w) => w.productId)).toEqual(['changed', 'fresh']);
    // Changed rows are updated, new ones inserted (COPY): decided against the catalog before the batch.
    expect(diff.writes.map((w) => w.exists)).toEqual([true, false]);
  });

  it('treats an equal raw hash as unchanged even without a content hash (fast path)', () => {
    const stored = new Map<string, StoredHashes>([['a', { contentHash: h('x'), rawHash: h('raw-a') }]]);
    const fast: ElementOutcome = { kind: 'valid', index: 0, productId: 'a', rawHash: h('raw-a'), contentHash: null, json: null };
    expect(diffBatch([fast], stored)).toMatchObject({ indexed: 0, skipped: 1, writes: [] });
  });

  it('applies duplicates in order: each compared with the state before it, the last one written', () => {
    const diff = diffBatch([valid(0, 'a', 'v1'), valid(1, 'a', 'v1'), valid(2, 'a', 'v2'), valid(3, 'b', 'b')], new Map());
    expect({ indexed: diff.indexed, skipped: diff.skipped }).toEqual({ indexed: 3, skipped: 1 });
    expect(diff.writes.map((w) => [w.productId, w.json.toString('utf8')])).toEqual([
      ['a', '{"id":"a","v":"v2"}'],
      ['b', '{"id":"b","v":"b"}'],
    ]);
    expect(diff.writes.every((w) => !w.exists)).toBe(true); // 'a' three times is still one insert
  });

  it('passes invalid elements through as failures', () => {
    const invalid: ElementOutcome = { kind: 'invalid', index: 4, productId: null, errors: [{ field: '', message: 'x' }] };
    const diff = diffBatch([invalid, valid(5, 'a', 'a')], new Map());
    expect(diff.failed).toBe(1);
    expect(diff.invalid).toEqual([invalid]);
  });
});
