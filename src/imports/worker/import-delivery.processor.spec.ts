import type { Job } from 'bull';
import type { DataSource, EntityManager } from 'typeorm';
import type { SearchIndexerService } from '../../catalog/indexing/search-indexer.service';
import type { AppConfig } from '../../common/config/app-config';
import type { ImportJob } from '../jobs/entities/import-job.entity';
import type { ImportQueuePayload } from '../queue/import-queue.constants';
import type { ImportQueueProducer } from '../queue/import-queue.producer';
import type { ImportFileRepository } from '../jobs/repositories/import-file.repository';
import type { ImportJobRepository } from '../jobs/repositories/import-job.repository';
import type { OrganizationLockRepository } from '../jobs/repositories/organization-lock.repository';
import type { ForeignJobAdmissionService } from './foreign-job-admission.service';
import type { ImportJobRunnerService, RunOutcome } from './import-job-runner.service';
import { ImportDeliveryProcessor } from './import-delivery.processor';
import { FakeImportStore } from './testing/fake-import-store';
import { importMetrics, jobsFinished } from './testing/import-metrics';
import { ImportInterruptedError } from './worker-errors';

const ATTEMPTS = 3;

/** The organization locks of one database: at most one holder per organization. */
class FakeLocks implements Pick<OrganizationLockRepository, 'tryAcquire'> {
  readonly held = new Set<string>();
  released = 0;

  async tryAcquire(organizationId: string) {
    if (this.held.has(organizationId)) return null;
    this.held.add(organizationId);
    return {
      manager: {} as EntityManager,
      release: async () => {
        this.held.delete(organizationId);
        this.released++;
      },
    };
  }
}

/** What the runner does on the next delivery: its outcome, or an error it throws. */
type RunScript = (job: ImportJob, shouldStop: () => boolean) => Promise<RunOutcome>;

function setUp() {
  const store = new FakeImportStore();
  const locks = new FakeLocks();
  const enqueued: ImportQueuePayload[] = [];
  const producer: Pick<ImportQueueProducer, 'enqueueBestEffort'> = {
    enqueueBestEffort: async (payload) => {
      enqueued.push(payload);
      return true;
    },
  };
  const runs: ImportJob[] = [];
  let script: RunScript = async () => 'done';
  const runner: Pick<ImportJobRunnerService, 'run'> = {
    run: (job, shouldStop) => {
      runs.push(job);
      return script(job, shouldStop);
    },
  };
  let foreignVerdict: 'own' | 'deleted-here' = 'own';
  const foreignJobs: Pick<ForeignJobAdmissionService, 'admit'> = { admit: async () => foreignVerdict };
  const metrics = importMetrics();
  const processor = new ImportDeliveryProcessor(
    store.dataSource as unknown as DataSource,
    locks as unknown as OrganizationLockRepository,
    store.jobRepository as ImportJobRepository,
    store.fileRepository as ImportFileRepository,
    runner as ImportJobRunnerService,
    producer as ImportQueueProducer,
    metrics,
    foreignJobs as ForeignJobAdmissionService,
    { worker: { attempts: ATTEMPTS } } as AppConfig,
    store.searchIndexer as SearchIndexerService,
  );
  return {
    store,
    locks,
    enqueued,
    runs,
    metrics,
    processor,
    runnerDoes: (next: RunScript) => (script = next),
    deletedHere: () => (foreignVerdict = 'deleted-here'),
  };
}

function delivery(importJobId: string, organizationId = 'org'): Job<ImportQueuePayload> {
  return { data: { importJobId, organizationId }, timestamp: Date.now() } as Job<ImportQueuePayload>;
}

describe('ImportDeliveryProcessor', () => {
  it('runs the organization’s oldest job under its lock, then queues the next one and counts the outcome', async () => {
    const t = setUp();
    t.store.addJob('j1', 'org', '[]');
    t.store.addJob('j2', 'org', '[]');
    t.runnerDoes(async (job) => {
      expect(t.locks.held.has('org')).toBe(true);
      t.store.job(job.id).status = 'done';
      return 'done';
    });

    await expect(t.processor.process(delivery('j1'))).resolves.toBe('done');

    expect(t.runs.map((j) => j.id)).toEqual(['j1']);
    expect(t.runs[0]).toMatchObject({ status: 'processing', idleDeliveries: 1 });
    expect(t.locks.released).toBe(1);
    expect(t.enqueued).toEqual([{ importJobId: 'j2', organizationId: 'org' }]);
    await expect(jobsFinished(t.metrics)).resolves.toEqual({ done: 1 });
  });

  it('requests search indexing of the organization once a run ends, done or failed (a cancel keeps its batches)', async () => {
    const t = setUp();
    t.store.addJob('j1', 'org', '[]');
    t.store.addJob('j2', 'other', '[]');
    t.runnerDoes(async (job) => {
      expect(t.store.searchRequests).not.toContain(job.organizationId); // not while it runs
      t.store.job(job.id).status = job.id === 'j1' ? 'done' : 'failed';
      return job.id === 'j1' ? 'done' : 'failed';
    });

    await expect(t.processor.process(delivery('j1'))).resolves.toBe('done');
    await expect(t.processor.process(delivery('j2', 'other'))).resolves.toBe('failed');

    expect(t.store.searchRequests).toEqual(['org', 'other']);
  });

  it('defers while another import of the organization holds the lock, without touching the job', async () => {
    const t = setUp();
    t.store.addJob('j1', 'org', '[]');
    t.locks.held.add('org');

    await expect(t.processor.process(delivery('j1'))).resolves.toBe('deferred');

    expect(t.runs).toEqual([]);
    expect(t.store.job('j1')).toMatchObject({ status: 'pending', idleDeliveries: 0 });
  });

  it('defers a job with an earlier unfinished upload, and makes sure that earlier one is queued', async () => {
    const t = setUp();
    t.store.addJob('j1', 'org', '[]');
    t.store.addJob('j2', 'org', '[]');

    await expect(t.processor.process(delivery('j2'))).resolves.toBe('deferred');

    expect(t.runs).toEqual([]);
    expect(t.enqueued).toEqual([{ importJobId: 'j1', organizationId: 'org' }]);
    expect(t.locks.released).toBe(1);
  });

  it('answers already-finished for a redelivered job that has ended, and for a deleted one without taking the lock', async () => {
    const t = setUp();
    t.store.addJob('j1', 'org', '[]', { status: 'done' });

    await expect(t.processor.process(delivery('j1'))).resolves.toBe('already-finished');
    t.deletedHere();
    await expect(t.processor.process(delivery('gone'))).resolves.toBe('already-finished');

    expect(t.runs).toEqual([]);
    expect(t.locks.released).toBe(1);
    expect(t.enqueued).toEqual([]);
  });

  it('rethrows a failed delivery while deliveries without progress stay under IMPORT_ATTEMPTS (Bull retries it)', async () => {
    const t = setUp();
    t.store.addJob('j1', 'org', '[]');
    t.runnerDoes(async () => {
      throw new Error('statement timeout');
    });

    for (let delivered = 1; delivered < ATTEMPTS; delivered++) {
      await expect(t.processor.process(delivery('j1'))).rejects.toThrow('statement timeout');
    }

    expect(t.store.job('j1')).toMatchObject({ status: 'processing', idleDeliveries: ATTEMPTS - 1 });
    expect(t.locks.held.size).toBe(0);
    expect(t.enqueued).toEqual([]);
  });

  it('fails the job as poison on the IMPORT_ATTEMPTS-th delivery without progress: failed/internal, file deleted, next job queued', async () => {
    const t = setUp();
    t.store.addJob('j1', 'org', '[]', { idleDeliveries: ATTEMPTS - 1, status: 'processing' });
    t.store.addJob('j2', 'org', '[]');
    t.runnerDoes(async () => {
      throw new Error('out of memory');
    });

    await expect(t.processor.process(delivery('j1'))).resolves.toBe('failed');

    expect(t.store.job('j1')).toMatchObject({ status: 'failed', failureType: 'internal' });
    expect(t.store.commitLog()).toEqual(['markProcessing', 'markFailed(internal)+deleteFile']);
    expect(t.enqueued).toEqual([{ importJobId: 'j2', organizationId: 'org' }]);
    await expect(jobsFinished(t.metrics)).resolves.toEqual({ failed: 1 });
  });

  it('fails a job whose earlier deliveries all died (crashes throw nothing) before running it again', async () => {
    const t = setUp();
    // ATTEMPTS deliveries claimed it and never committed a batch; this claim makes ATTEMPTS + 1.
    t.store.addJob('j1', 'org', '[]', { idleDeliveries: ATTEMPTS, status: 'processing' });

    await expect(t.processor.process(delivery('j1'))).resolves.toBe('failed');

    expect(t.runs).toEqual([]);
    expect(t.store.job('j1')).toMatchObject({ status: 'failed', failureType: 'internal' });
    expect(t.store.files.has('j1')).toBe(false);
  });

  it('counts progress, not deliveries: a delivery that committed a batch resets the budget', async () => {
    const t = setUp();
    t.store.addJob('j1', 'org', '[]', { idleDeliveries: ATTEMPTS - 1, status: 'processing', total: 4 });
    t.runnerDoes(async (job) => {
      // A batch commits (advance resets idle deliveries), then the delivery fails.
      await t.store.jobRepository.advance(t.store.dataSource.manager, job.id, {
        fromCursor: 0,
        toCursor: 2,
        indexed: 2,
        failed: 0,
        skipped: 0,
      });
      throw new Error('connection reset');
    });

    await expect(t.processor.process(delivery('j1'))).rejects.toThrow('connection reset');

    expect(t.store.job('j1')).toMatchObject({ status: 'processing', cursor: 2, idleDeliveries: 0 });
  });

  it('on shutdown asks the running import to stop, and rethrows its interruption without spending an attempt on it', async () => {
    const t = setUp();
    t.store.addJob('j1', 'org', '[]', { idleDeliveries: ATTEMPTS - 1, status: 'processing' });
    t.runnerDoes(async (job, shouldStop) => {
      expect(shouldStop()).toBe(false);
      t.processor.stop();
      expect(shouldStop()).toBe(true);
      throw new ImportInterruptedError(job.id);
    });

    await expect(t.processor.process(delivery('j1'))).rejects.toBeInstanceOf(ImportInterruptedError);

    expect(t.store.job('j1').status).toBe('processing');
    expect(t.locks.held.size).toBe(0);
  });

  it('rethrows the delivery’s own error when the poison job already ended elsewhere', async () => {
    const t = setUp();
    t.store.addJob('j1', 'org', '[]', { idleDeliveries: ATTEMPTS - 1, status: 'processing' });
    t.runnerDoes(async (job) => {
      t.store.job(job.id).status = 'done'; // another delivery finished it meanwhile
      throw new Error('lost the race');
    });

    await expect(t.processor.process(delivery('j1'))).rejects.toThrow('lost the race');

    expect(t.store.job('j1').status).toBe('done');
    await expect(jobsFinished(t.metrics)).resolves.toEqual({});
  });
});
