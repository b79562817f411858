import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { ImportFileRepository } from '../../src/imports/jobs/repositories/import-file.repository';
import { CHUNK_BYTES } from '../../src/imports/jobs/intake/chunk-accumulator';
import { createCaller, type TestCaller } from '../support/factories';
import { upload } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';

describe('The stored upload read back (ImportFileRepository.readChunks)', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ worker: false }); // the job stays queued with its chunks stored
    caller = await createCaller(t.app);
  });
  afterAll(() => t.close());

  it('yields the uploaded bytes exactly, in Buffers that stay intact while later chunks are read', async () => {
    // Multi-byte UTF-8 (2, 3 and 4 bytes) that chunk boundaries may cut; three chunks.
    const names = Array.from({ length: 12_000 }, (_, i) => `{"id":"sku-${i}","title":"Grüße ☃ 𝄞 ${'x'.repeat(i % 300)}"}`);
    const file = Buffer.from(`[${names.join(',')}]`);
    expect(file.length).toBeGreaterThan(2 * CHUNK_BYTES);
    const jobId = await upload(t.http, caller.auth, file);

    const chunks: Buffer[] = [];
    for await (const chunk of t.app.get(ImportFileRepository).readChunks(jobId)) {
      expect(Buffer.isBuffer(chunk)).toBe(true);
      chunks.push(chunk); // held across the next queries: must not be a view into a reused socket buffer
    }
    expect(Buffer.concat(chunks).equals(file)).toBe(true);
  });

  it('yields the same bytes reading ahead, and leaves no read running when the caller stops early', async () => {
    const file = Buffer.from(`[${Array.from({ length: 30_000 }, (_, i) => `{"id":"p${i}","title":"Ünïcode ${i}"}`).join(',')}]`);
    expect(file.length).toBeGreaterThan(CHUNK_BYTES);
    const jobId = await upload(t.http, caller.auth, file);
    const files = t.app.get(ImportFileRepository);
    const chunks: Buffer[] = [];
    for await (const chunk of files.readChunks(jobId, { readAhead: true })) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(file)).toBe(true);

    // Stop after the first piece: the read of the next chunk (already started) is awaited, and
    // every connection goes back to the pool.
    for await (const chunk of files.readChunks(jobId, { readAhead: true })) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    const pool = (t.app.get(DataSource).driver as PostgresDriver).master as Pool;
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });

  it('yields nothing for a job without a stored file', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of t.app.get(ImportFileRepository).readChunks('00000000-0000-4000-8000-000000000000')) chunks.push(chunk);
    expect(chunks).toEqual([]);
  });
});
