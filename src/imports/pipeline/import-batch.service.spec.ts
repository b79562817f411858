import type { EntityManager } from 'typeorm';
import type { StoredHashes } from '../../catalog/product-write';
import type { ProductRepository } from '../../catalog/repositories/product.repository';
import type { SearchIndexerService } from '../../catalog/indexing/search-indexer.service';
import { ImportBatchService } from './import-batch.service';
import { rawHashOf } from './element-evaluator';
import { guessId } from './fast-path/fast-path';
import type { RawElement } from './raw-element';

/** The one read prepare() makes, over an in-memory catalog; counts the ids asked for. */
class FakeProducts {
  readonly asked: string[][] = [];
  constructor(readonly catalog: Map<string, StoredHashes>) {}
  findHashes(_m: EntityManager, _org: string, ids: string[]): Promise<Map<string, StoredHashes>> {
    if (ids.length > 0) this.asked.push(ids);
    return Promise.resolve(new Map(ids.filter((id) => this.catalog.has(id)).map((id) => [id, this.catalog.get(id)!])));
  }
}

const element = (index: number, text: string): RawElement => ({
  index,
  source: Buffer.from(`pad${text}pad`), // the element's bytes sit inside a larger chunk
  start: 3,
  byteLength: Buffer.byteLength(text),
  offset: 0,
  oversized: false,
});
const manager = {} as EntityManager;
const noSearchIndex = {} as SearchIndexerService;

describe('guessId', () => {
  it.each([
    ['{"id":"SKU-1","title":"x"}', 'SKU-1'],
    ['{"id":42,"title":"x"}', '42'],
    ['{"id":42}', '42'],
    ['{"title":"x","id":"a"}', null],
    ['{"id":"a\\"b","title":"x"}', null],
    ['{"id":"","title":"x"}', null],
    ['{"id":4.5,"title":"x"}', null],
    ['{"id":0,"title":"x"}', null],
    [`{"id":"${'x'.repeat(101)}"}`, null],
    ['{"id":"nul\u0000"}', null],
    ['0', null],
  ])('%s → %s', (text, id) => {
    expect(guessId(Buffer.from(text))).toBe(id);
  });
});

describe('ImportBatchService.prepare', () => {
  const stored = (text: string): StoredHashes => ({ contentHash: '01'.repeat(32), rawHash: rawHashOf(Buffer.from(text)) });

  it('skips an element whose bytes are what the catalog stores for its id without parsing it', async () => {
    // Not even JSON: parsed, it would fail. Byte-identical to the stored element, it is known valid.
    const text = '{"id":"a","title":"t" THIS IS NOT PARSED';
    const products = new FakeProducts(new Map([['a', stored(text)]]));
    const diff = await new ImportBatchService(products as unknown as ProductRepository, noSearchIndex).prepare(manager, 'org', [
      element(0, text),
    ]);
    expect(diff).toMatchObject({ indexed: 0, skipped: 1, failed: 0, writes: [] });
    expect(products.asked).toEqual([['a']]);
  });

  it('asks once for a new catalog: the guessed ids are the parsed ones', async () => {
    const products = new FakeProducts(new Map());
    const service = new ImportBatchService(products as unknown as ProductRepository, noSearchIndex);
    const diff = await service.prepare(manager, 'org', [element(0, '{"id":"a","title":"A"}'), element(1, '{"title":"B","id":"b"}')]);
    expect(diff).toMatchObject({ indexed: 2, skipped: 0, failed: 0 });
    expect(diff.writes.map((w) => [w.productId, w.exists])).toEqual([
      ['a', false],
      ['b', false],
    ]);
    expect(products.asked).toEqual([['a'], ['b']]); // 'b' could not be guessed, so it is looked up after parsing
  });

  it('compares an id seen twice occurrence by occurrence, parsing the unchanged one too', async () => {
    const old = '{"id":"a","title":"Old"}';
    const products = new FakeProducts(new Map([['a', stored(old)]]));
    const service = new ImportBatchService(products as unknown as ProductRepository, noSearchIndex);
    const diff = await service.prepare(manager, 'org', [element(0, old), element(1, '{"id":"a","title":"New"}'), element(2, old)]);
    // The first "Old" equals the catalog, "New" changes it, the second "Old" changes it back (so it is parsed and written).
    expect(diff).toMatchObject({ indexed: 2, skipped: 1, failed: 0 });
    expect(diff.writes).toHaveLength(1);
    expect(diff.writes[0]).toMatchObject({ productId: 'a', json: Buffer.from('{"id":"a","title":"Old"}'), exists: true });
  });

  it('compares a duplicate occurrence by occurrence when the occurrences are evaluated in different slices', async () => {
    // 250 elements: parsed and evaluated in slices of 100, with turns of the event loop in between.
    const old = '{"id":"a","title":"Old"}';
    const products = new FakeProducts(new Map([['a', stored(old)]]));
    const service = new ImportBatchService(products as unknown as ProductRepository, noSearchIndex);
    const others = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => element(from + i, `{"id":"p${from + i}","title":"t"}`));
    const batch = [
      ...others(0, 5),
      element(5, old),
      ...others(6, 150),
      element(150, '{"id":"a","title":"New"}'),
      ...others(151, 240),
      element(240, old),
      ...others(241, 250),
    ];
    const diff = await service.prepare(manager, 'org', batch);
    expect(diff).toMatchObject({ indexed: 249, skipped: 1, failed: 0 }); // 247 new, "New", and "Old" again
    expect(diff.writes.find((w) => w.productId === 'a')?.json.toString('utf8')).toBe(old);
  });

  it('parses an element whose guessed id is wrong (a later duplicate key wins in JSON)', async () => {
    const products = new FakeProducts(new Map([['x', stored('{"id":"x","title":"X"}')]]));
    const service = new ImportBatchService(products as unknown as ProductRepository, noSearchIndex);
    const diff = await service.prepare(manager, 'org', [element(0, '{"id":"x","title":"Y","id":"y"}')]);
    expect(diff.writes.map((w) => [w.productId, w.exists])).toEqual([['y', false]]);
  });
});

describe('ImportBatchService.write', () => {
  it('writes the products, then lists their ids for the search indexer, in the same transaction', async () => {
    const calls: string[] = [];
    const products = {
      write: async (m: EntityManager, org: string, job: string, rows: Array<{ productId: string }>) => {
        expect(m).toBe(manager);
        calls.push(`write ${org} ${job} ${rows.map((r) => r.productId).join(',')}`);
      },
    };
    const searchIndex = {
      enqueue: async (m: EntityManager, org: string, ids: string[]) => {
        expect(m).toBe(manager);
        calls.push(`enqueue ${org} ${ids.join(',')}`);
      },
    };
    const service = new ImportBatchService(products as unknown as ProductRepository, searchIndex as unknown as SearchIndexerService);
    const diff = await new ImportBatchService(new FakeProducts(new Map()) as unknown as ProductRepository, noSearchIndex).prepare(
      manager,
      'org',
      [element(0, '{"id":"a","title":"A"}'), element(1, '{"id":"b","title":"B"}')],
    );

    await service.write(manager, 'org', 'job', diff);

    expect(calls).toEqual(['write org job a,b', 'enqueue org a,b']);
  });
});
