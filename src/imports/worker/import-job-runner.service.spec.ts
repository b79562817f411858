import type { ImportBatchService } from '../pipeline/import-batch.service';
import type { AppConfig } from '../../common/config/app-config';
import type { ImportErrorRepository } from '../jobs/repositories/import-error.repository';
import type { ImportFileRepository } from '../jobs/repositories/import-file.repository';
import type { ImportJobIdsRepository } from '../jobs/repositories/import-job-ids.repository';
import type { ImportJobRepository } from '../jobs/repositories/import-job.repository';
import type { DataSource } from 'typeorm';
import { ImportJobRunnerService } from './import-job-runner.service';
import { FakeImportStore } from './testing/fake-import-store';
import { importMetrics, productsCounted } from './testing/import-metrics';
import { ConcurrentProgressError, ImportInterruptedError } from './worker-errors';

/** A product element of at least 20 bytes, so the batch cutter counts it as a product. */
const product = (id: string, title = 'title') => JSON.stringify({ id, title });
const file = (...elements: string[]) => `[${elements.join(',')}]`;

interface Limits {
  batchSize?: number;
  batchBytes?: number;
  errorDetailsLimit?: number;
  /** PRODUCTS_PER_ORGANIZATION */
  products?: number;
}

function setUp(limits: Limits = {}) {
  const store = new FakeImportStore();
  const metrics = importMetrics();
  const config = {
    worker: {
      batchSize: limits.batchSize ?? 2,
      batchBytes: limits.batchBytes ?? 1_000_000,
      errorDetailsLimit: limits.errorDetailsLimit ?? 10,
    },
    quotas: { products: limits.products ?? 1_000_000 },
  } as AppConfig;
  const runner = new ImportJobRunnerService(
    store.dataSource as unknown as DataSource,
    config,
    store.jobRepository as ImportJobRepository,
    store.fileRepository as ImportFileRepository,
    store.errorRepository as ImportErrorRepository,
    store.catalog as ImportBatchService,
    metrics,
    store.idsRepository as ImportJobIdsRepository,
  );
  return { store, metrics, runner };
}

const keepGoing = () => false;

describe('ImportJobRunnerService', () => {
  it('scans, then commits each batch (counters, cursor, products, error rows) in one transaction, and ends done with the file deleted', async () => {
    const { store, metrics, runner } = setUp({ batchSize: 2 });
    // `1` is too short to be a product: it counts towards the batch by bytes only, not as one of its 2 products.
    store.addJob('j1', 'org', file(product('a'), product('b'), product('c'), '1', product('d'), product('e')), { status: 'processing' });

    await expect(runner.run(store.entity('j1'), keepGoing)).resolves.toBe('done');

    expect(store.prepared.map((p) => p.indexes)).toEqual([[0, 1], [2, 3, 4], [5]]);
    expect(store.commitLog()).toEqual([
      'setTotal',
      'advance+writeProducts(2)+insertErrors(0)',
      'advance+writeProducts(2)+insertErrors(1)',
      'advance+writeProducts(1)+insertErrors(0)',
      'markDone+deleteFile',
    ]);
    expect(store.job('j1')).toMatchObject({ status: 'done', total: 6, cursor: 6, indexedCount: 5, failedCount: 1, skippedCount: 0 });
    expect([...store.products.keys()].sort()).toEqual(['org/a', 'org/b', 'org/c', 'org/d', 'org/e']);
    expect(store.errorRows).toEqual([{ jobId: 'j1', index: 3, productId: null }]);
    expect(store.files.has('j1')).toBe(false);
    await expect(productsCounted(metrics)).resolves.toEqual({ indexed: 5, failed: 1, skipped: 0 });
  });

  it('fails new products beyond PRODUCTS_PER_ORGANIZATION, counting the stored ones and what earlier batches create; changes still apply', async () => {
    const { store, metrics, runner } = setUp({ batchSize: 2, products: 3 });
    store.products.set('org/a', product('a'));
    store.products.set('other-org/x', product('x')); // another organization's products do not count
    store.addJob('j1', 'org', file(product('a', 'changed'), product('b'), product('c'), product('d'), product('b', 'again')), {
      status: 'processing',
    });

    await expect(runner.run(store.entity('j1'), keepGoing)).resolves.toBe('done');

    // Room 2 for the first batch (a is stored); b took one, so 1 for the second; none for the third.
    expect(store.prepared.map((p) => p.room)).toEqual([2, 1, 0]);
    expect(store.job('j1')).toMatchObject({ status: 'done', total: 5, cursor: 5, indexedCount: 4, failedCount: 1 });
    expect([...store.products.keys()].filter((key) => key.startsWith('org/')).sort()).toEqual(['org/a', 'org/b', 'org/c']);
    expect(store.errorRows).toEqual([{ jobId: 'j1', index: 3, productId: null }]);
    await expect(productsCounted(metrics)).resolves.toEqual({ indexed: 4, failed: 1, skipped: 0 });
  });

  it('requests no search indexing while its batches commit (the processor asks after done)', async () => {
    const { store, runner } = setUp({ batchSize: 2 });
    store.addJob('j1', 'org', file(product('a'), product('b'), product('a'), product('c')), { status: 'processing' });

    await expect(runner.run(store.entity('j1'), keepGoing)).resolves.toBe('done');

    expect(store.searchRequests).toEqual([]); // see import.processor.spec
  });

  it('cuts a batch when its bytes reach IMPORT_BATCH_BYTES, however few products it holds', async () => {
    // Each element costs its ~30 bytes plus a 256-byte allowance: the third reaches 600.
    const { store, runner } = setUp({ batchSize: 100, batchBytes: 600 });
    store.addJob('j1', 'org', file(...['a', 'b', 'c', 'd', 'e'].map((id) => product(id))), { status: 'processing' });

    await expect(runner.run(store.entity('j1'), keepGoing)).resolves.toBe('done');

    expect(store.prepared.map((p) => p.indexes)).toEqual([
      [0, 1, 2],
      [3, 4],
    ]);
  });

  it('prepares batch N+1 with what batch N writes, so a repeat across the boundary is skipped', async () => {
    const { store, runner } = setUp({ batchSize: 2 });
    store.addJob('j1', 'org', file(product('a'), product('b'), product('a'), product('b', 'changed')), { status: 'processing' });

    await runner.run(store.entity('j1'), keepGoing);

    expect(store.prepared[1]).toMatchObject({ indexes: [2, 3], pendingIds: ['a', 'b'] });
    expect(store.job('j1')).toMatchObject({ indexedCount: 3, skippedCount: 1, failedCount: 0 });
    expect(store.products.get('org/b')).toBe(product('b', 'changed'));
  });

  it('fails a malformed file in the scan pass: failed and file deleted in one transaction, no product written', async () => {
    const { store, runner } = setUp();
    // The first elements are fine; the file is cut off after them.
    store.addJob('j1', 'org', `[${product('a')},${product('b')},${product('c')}`, { status: 'processing' });

    await expect(runner.run(store.entity('j1'), keepGoing)).resolves.toBe('failed');

    expect(store.commitLog()).toEqual(['markFailed(invalid_json)+deleteFile']);
    expect(store.job('j1')).toMatchObject({ status: 'failed', failureType: 'invalid_json', cursor: 0, indexedCount: 0 });
    expect(store.prepared).toEqual([]);
    expect(store.products.size).toBe(0);
  });

  it('fails a file whose top level is not an array as not_an_array', async () => {
    const { store, runner } = setUp();
    store.addJob('j1', 'org', product('a'), { status: 'processing' });

    await expect(runner.run(store.entity('j1'), keepGoing)).resolves.toBe('failed');

    expect(store.job('j1').failureType).toBe('not_an_array');
  });

  it('takes the count the upload recorded instead of a scan pass: the stored file is read once', async () => {
    const { store, runner } = setUp({ batchSize: 2 });
    store.addJob('j1', 'org', file(product('a'), product('b'), '1'), { status: 'processing', scannedTotal: 3 });

    await expect(runner.run(store.entity('j1'), keepGoing)).resolves.toBe('done');

    expect(store.fileReads.get('j1')).toBe(1);
    expect(store.commitLog()[0]).toBe('setTotal');
    expect(store.job('j1')).toMatchObject({ status: 'done', total: 3, cursor: 3, indexedCount: 2, failedCount: 1 });
  });

  it('scans a file the upload did not count: read twice (scan pass, apply pass)', async () => {
    const { store, runner } = setUp({ batchSize: 2 });
    store.addJob('j1', 'org', file(product('a'), product('b'), '1'), { status: 'processing' });

    await expect(runner.run(store.entity('j1'), keepGoing)).resolves.toBe('done');

    expect(store.fileReads.get('j1')).toBe(2);
    expect(store.job('j1')).toMatchObject({ status: 'done', total: 3 });
  });

  it('resumes from the cursor: no second scan, elements before it are neither prepared nor counted again', async () => {
    const { store, runner } = setUp({ batchSize: 2 });
    const elements = [product('a'), product('b'), product('c'), product('d')];
    store.addJob('j1', 'org', file(...elements), { status: 'processing', total: 4, cursor: 2, indexedCount: 2 });

    await expect(runner.run(store.entity('j1'), keepGoing)).resolves.toBe('done');

    expect(store.prepared.map((p) => p.indexes)).toEqual([[2, 3]]);
    expect(store.commitLog()).toEqual(['advance+writeProducts(2)+insertErrors(0)', 'markDone+deleteFile']);
    expect(store.job('j1')).toMatchObject({ status: 'done', cursor: 4, indexedCount: 4 });
  });

  it('keeps error details for the job’s first IMPORT_ERROR_DETAILS_LIMIT failed elements, counting those of earlier deliveries', async () => {
    const { store, runner } = setUp({ batchSize: 10, errorDetailsLimit: 3 });
    // Two failed elements committed by an earlier delivery (cursor 2); three more to come.
    store.addJob('j1', 'org', file('1', '2', '3', '4', '5'), { status: 'processing', total: 5, cursor: 2, failedCount: 2 });

    await runner.run(store.entity('j1'), keepGoing);

    expect(store.errorRows.map((r) => r.index)).toEqual([2]);
    expect(store.job('j1').failedCount).toBe(5);
  });

  it('stops between batches when shutdown is asked: the committed batch stays and the job waits at its cursor', async () => {
    const { store, runner } = setUp({ batchSize: 2 });
    store.addJob('j1', 'org', file(product('a'), product('b'), product('c'), product('d')), { status: 'processing' });
    // Shutdown arrives once the first batch has committed.
    const stopAfterFirstBatch = () => store.job('j1').cursor > 0;

    await expect(runner.run(store.entity('j1'), stopAfterFirstBatch)).rejects.toBeInstanceOf(ImportInterruptedError);

    expect(store.job('j1')).toMatchObject({ status: 'processing', cursor: 2, indexedCount: 2 });
    expect(store.commitLog()).toEqual(['setTotal', 'advance+writeProducts(2)+insertErrors(0)']);
    expect(store.files.has('j1')).toBe(true);
  });

  it('writes nothing for a batch another delivery already committed (the cursor moved): ConcurrentProgressError', async () => {
    const { store, runner } = setUp({ batchSize: 2 });
    store.addJob('j1', 'org', file(product('a'), product('b'), product('c')), { status: 'processing', total: 3 });
    const staleClaim = store.entity('j1');
    // Another delivery of the same job commits the first batch after this one read the job.
    store.job('j1').cursor = 2;

    await expect(runner.run(staleClaim, keepGoing)).rejects.toBeInstanceOf(ConcurrentProgressError);

    expect(store.products.size).toBe(0);
    expect(store.job('j1')).toMatchObject({ status: 'processing', cursor: 2, indexedCount: 0 });
  });

  it('rolls a batch back whole when its write throws, and rejects: earlier batches stay, nothing is marked done', async () => {
    const { store, metrics, runner } = setUp({ batchSize: 2 });
    store.addJob('j1', 'org', file(product('a'), product('b'), product('c'), product('d')), { status: 'processing' });
    store.writeFailures.set(2, new Error('connection lost'));

    await expect(runner.run(store.entity('j1'), keepGoing)).rejects.toThrow('connection lost');

    expect(store.job('j1')).toMatchObject({ status: 'processing', cursor: 2, indexedCount: 2 });
    expect([...store.products.keys()]).toEqual(['org/a', 'org/b']);
    expect(store.commitLog()).toEqual(['setTotal', 'advance+writeProducts(2)+insertErrors(0)']);
    await expect(productsCounted(metrics)).resolves.toEqual({ indexed: 2, failed: 0, skipped: 0 });
  });
});
