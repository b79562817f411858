import { Test } from '@nestjs/testing';
import { createHash, randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { Principal } from '../../auth/principal';
import { AppConfig } from '../../common/config/app-config';
import { apiErrorOf } from '../../common/errors/testing/api-error-of';
import { MetricsService } from '../../common/metrics/metrics.service';
import { JobIntakeService } from '../jobs/intake/job-intake.service';
import { ImportQueueProducer } from '../queue/import-queue.producer';
import { ImportFileRepository } from '../jobs/repositories/import-file.repository';
import { ImportJobRepository } from '../jobs/repositories/import-job.repository';
import { ImportUploadService, type UploadMode } from './import-upload.service';
import { PendingImportQuotaService } from './pending-import-quota.service';
import { FakeUploadStore } from './testing/fake-upload-store';
import { multipartUpload } from './testing/multipart-upload';
import { UploadMetricsService } from './upload-metrics.service';
import { UploadCheckpointsService } from './upload/upload-checkpoints.service';

const principal = (organizationId = randomUUID()): Principal => ({
  accountId: randomUUID(),
  organizationId,
  tokenId: randomUUID(),
  scopes: ['accounts--my:rw'],
});
const FILE = JSON.stringify([
  { id: 'p-1', title: 'Product 1' },
  { id: 'p-2', title: 'Product 2' },
]);
const OTHER_FILE = JSON.stringify([{ id: 'p-3', title: 'Product 3' }]);
const sha256 = (text: string) => createHash('sha256').update(text).digest();
const DAY_MS = 24 * 60 * 60 * 1000;
const REPLACE: UploadMode = { mode: 'replace', allowMassDelete: false, language: null };

describe('ImportUploadService', () => {
  let store: FakeUploadStore;
  let service: ImportUploadService;
  const quotas = { pendingImports: 2, pendingImportBytes: 1_000 };

  beforeEach(async () => {
    store = new FakeUploadStore();
    const config = {
      uploads: { slotsPerProcess: 4, slotsPerAccount: 2, slotsPerOrganization: 2, minBytesPerSecond: 0, minRateWindowMs: 1_000 },
      quotas,
    };
    const moduleRef = await Test.createTestingModule({
      providers: [
        ImportUploadService,
        JobIntakeService,
        PendingImportQuotaService,
        UploadCheckpointsService,
        UploadMetricsService,
        { provide: DataSource, useValue: store.dataSource },
        { provide: ImportJobRepository, useValue: store.jobRepository },
        { provide: ImportFileRepository, useValue: store.fileRepository },
        { provide: ImportQueueProducer, useValue: store.producer },
        { provide: AppConfig, useValue: config },
        { provide: MetricsService, useValue: { registry: new Registry() } },
      ],
    }).compile();
    service = moduleRef.get(ImportUploadService);
  });

  /** The caller's committed jobs. */
  const jobsOf = (caller: Principal) => [...store.jobs.values()].filter((j) => j.organizationId === caller.organizationId);

  it('stores the job with its file, size, element count and SHA-256 in one transaction, then positions and enqueues it', async () => {
    const caller = principal();
    const jobId = await service.upload(multipartUpload(FILE), caller);
    expect(store.jobs.get(jobId)).toMatchObject({
      organizationId: caller.organizationId,
      accountId: caller.accountId,
      status: 'pending',
      fileName: 'catalog.json',
      fileSize: Buffer.byteLength(FILE),
      scannedTotal: 2,
      fileSha256: sha256(FILE),
      idempotencyKey: null,
      mode: 'merge',
      seq: 1,
    });
    expect(store.fileOf(jobId).toString()).toBe(FILE);
    expect(store.positioned).toEqual([jobId]);
    expect(store.enqueued).toEqual([{ importJobId: jobId, organizationId: caller.organizationId }]);
  });

  it('positions uploads in the order they committed', async () => {
    const caller = principal();
    const first = await service.upload(multipartUpload(FILE), caller);
    const second = await service.upload(multipartUpload(OTHER_FILE), caller);
    expect([store.jobs.get(first)?.seq, store.jobs.get(second)?.seq]).toEqual([1, 2]);
  });

  describe('pending-import quotas', () => {
    it('refuses (429) an upload beyond PENDING_IMPORTS_PER_ORGANIZATION, storing nothing; another organization is served', async () => {
      const caller = principal();
      for (let i = 0; i < quotas.pendingImports; i++) store.addJob({ id: randomUUID(), organizationId: caller.organizationId });
      await expect(apiErrorOf(service.upload(multipartUpload(FILE), caller))).resolves.toMatchObject({
        status: 429,
        type: 'rate_limited',
        message: expect.stringContaining('PENDING_IMPORTS_PER_ORGANIZATION'),
      });
      expect(jobsOf(caller)).toHaveLength(quotas.pendingImports);
      expect([store.chunks, store.enqueued]).toEqual([[], []]);
      await expect(service.upload(multipartUpload(FILE), principal())).resolves.toEqual(expect.any(String));
    });

    it('refuses before reading a body whose declared length would pass PENDING_IMPORT_BYTES_PER_ORGANIZATION', async () => {
      const request = multipartUpload(FILE, { contentLength: quotas.pendingImportBytes + 1 });
      await expect(apiErrorOf(service.upload(request, principal()))).resolves.toMatchObject({
        status: 429,
        message: expect.stringContaining('PENDING_IMPORT_BYTES_PER_ORGANIZATION'),
      });
      expect(request.readableEnded).toBe(false);
      expect(store.jobs.size).toBe(0);
    });

    it('rolls the whole upload back when the stored file takes the organization beyond the byte quota', async () => {
      const caller = principal();
      store.addJob({ id: randomUUID(), organizationId: caller.organizationId, fileSize: quotas.pendingImportBytes - 10 });
      await expect(apiErrorOf(service.upload(multipartUpload(FILE), caller))).resolves.toMatchObject({ status: 429 });
      expect(jobsOf(caller)).toHaveLength(1);
      expect([store.chunks, store.positioned, store.enqueued]).toEqual([[], [], []]);
    });

    it('does not count finished jobs', async () => {
      const caller = principal();
      for (let i = 0; i < quotas.pendingImports; i++) {
        store.addJob({ id: randomUUID(), organizationId: caller.organizationId, status: i === 0 ? 'done' : 'failed', fileSize: 5_000 });
      }
      await expect(service.upload(multipartUpload(FILE), caller)).resolves.toEqual(expect.any(String));
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the same file within 24 h: the same job, nothing stored or enqueued again', async () => {
      const caller = principal();
      const first = await service.upload(multipartUpload(FILE), caller, 'key-1');
      const again = await service.upload(multipartUpload(FILE), caller, 'key-1');
      expect(again).toBe(first);
      expect(jobsOf(caller)).toHaveLength(1);
      expect(store.enqueued).toHaveLength(1);
      expect(store.positioned).toEqual([first]);
    });

    it('is scoped to the organization: the same key elsewhere is a new job', async () => {
      const first = await service.upload(multipartUpload(FILE), principal(), 'shared');
      const other = await service.upload(multipartUpload(FILE), principal(), 'shared');
      expect(other).not.toBe(first);
      expect(store.jobs.size).toBe(2);
    });

    it('answers 422 to the key with another file, or with the same file in another mode', async () => {
      const caller = principal();
      const first = await service.upload(multipartUpload(FILE), caller, 'key-2');
      await expect(apiErrorOf(service.upload(multipartUpload(OTHER_FILE), caller, 'key-2'))).resolves.toEqual({
        status: 422,
        type: 'validation',
        message: expect.stringContaining(`with a different file (job ${first})`),
      });
      await expect(apiErrorOf(service.upload(multipartUpload(FILE), caller, 'key-2', REPLACE))).resolves.toMatchObject({
        status: 422,
        message: expect.stringContaining('with the same file but mode=merge'),
      });
      expect(jobsOf(caller)).toHaveLength(1);
    });

    it('releases a key older than 24 h: the upload is a new job, which takes the key', async () => {
      const caller = principal();
      const old = store.addJob({
        id: randomUUID(),
        organizationId: caller.organizationId,
        status: 'done',
        idempotencyKey: 'key-3',
        fileSha256: sha256(FILE),
        createdAt: new Date(Date.now() - DAY_MS - 60_000),
      });
      const jobId = await service.upload(multipartUpload(FILE), caller, 'key-3');
      expect(jobId).not.toBe(old.id);
      expect([store.jobs.get(old.id)?.idempotencyKey, store.jobs.get(jobId)?.idempotencyKey]).toEqual([null, 'key-3']);
    });

    it('answers with the job of a concurrent upload of the same file and key that committed first, storing nothing', async () => {
      const caller = principal();
      const winner = randomUUID();
      store.beforeRecordFile = () => {
        store.beforeRecordFile = undefined;
        store.addJob({ id: winner, organizationId: caller.organizationId, idempotencyKey: 'key-4', fileSha256: sha256(FILE) });
      };
      await expect(service.upload(multipartUpload(FILE), caller, 'key-4')).resolves.toBe(winner);
      expect(jobsOf(caller).map((j) => j.id)).toEqual([winner]);
      expect([store.chunks, store.enqueued]).toEqual([[], []]);
    });

    it('refuses a key outside 1 to 255 characters, and allow_mass_delete outside replace mode, before reading', async () => {
      for (const [key, mode] of [
        ['', undefined],
        ['k'.repeat(256), undefined],
        [undefined, { mode: 'merge', allowMassDelete: true }],
      ] as Array<[string | undefined, UploadMode | undefined]>) {
        const request = multipartUpload(FILE);
        await expect(apiErrorOf(service.upload(request, principal(), key, mode))).resolves.toMatchObject({
          status: 422,
          type: 'validation',
        });
        expect(request.readableEnded).toBe(false);
      }
      expect(store.jobs.size).toBe(0);
    });
  });
});
