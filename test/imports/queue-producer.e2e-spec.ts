import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { IMPORT_QUEUE, type ImportQueuePayload } from '../../src/imports/queue/import-queue.constants';
import { ImportQueueProducer } from '../../src/imports/queue/import-queue.producer';
import { createTestApp, type TestApp } from '../support/test-app';

/** ImportQueueProducer against the real Bull queue (no worker takes the jobs). */
describe('ImportQueueProducer.enqueue', () => {
  let t: TestApp;
  let queue: Queue<ImportQueuePayload>;
  let producer: ImportQueueProducer;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    queue = t.app.get<Queue<ImportQueuePayload>>(getQueueToken(IMPORT_QUEUE));
    producer = t.app.get(ImportQueueProducer);
  });
  afterAll(() => t.close());

  const payload = (): ImportQueuePayload => ({ importJobId: randomUUID(), organizationId: randomUUID() });

  it('leaves a waiting job as it is (adding twice is harmless)', async () => {
    const job = payload();
    await producer.enqueue(job);
    const first = await queue.getJob(job.importJobId);
    await producer.enqueue(job);

    const again = await queue.getJob(job.importJobId);
    expect(await again?.getState()).toBe('waiting');
    expect(again?.timestamp).toBe(first?.timestamp); // the same record, not a new one
    expect(await queue.getWaiting()).toEqual(expect.arrayContaining([expect.objectContaining({ id: job.importJobId })]));
  });

  it("re-adds a job whose record Bull left in none of its lists ('stuck'), which would never be delivered", async () => {
    const job = payload();
    await producer.enqueue(job);
    // What a lost race leaves behind: the job's hash without its place in the wait list.
    await queue.client.lrem(queue.toKey('wait'), 0, job.importJobId);
    expect(await (await queue.getJob(job.importJobId))?.getState()).toBe('stuck');

    await producer.enqueue(job);

    expect(await (await queue.getJob(job.importJobId))?.getState()).toBe('waiting');
  });

  it('re-adds a finished run (a deferred delivery) so the job is delivered again', async () => {
    const job = payload();
    await producer.enqueue(job);
    // Where Bull puts a delivery that returned (the processor's 'deferred').
    await queue.client
      .multi()
      .lrem(queue.toKey('wait'), 0, job.importJobId)
      .zadd(queue.toKey('completed'), Date.now(), job.importJobId)
      .exec();
    expect(await (await queue.getJob(job.importJobId))?.getState()).toBe('completed');

    await producer.enqueue(job);

    expect(await (await queue.getJob(job.importJobId))?.getState()).toBe('waiting');
  });
});
