import { verifySignature } from '../../src/webhooks/signing/webhook-signature';
import { WebhookReceiver } from '../support/webhook-receiver';
import { smallFile } from './support/catalog';
import { createCaller, type Caller } from './support/cli';
import { FaultsDb } from './support/db';
import { uploadCatalog } from '../../tools/harness/http/import-requests';
import { httpRequest } from '../../tools/harness/http/request';
import { sleep } from '../../tools/harness/repo';
import type { ServiceProcess } from '../../tools/harness/service-process';
import { startApi, startTestWorker, startWorker, type ApiProcess } from './support/processes';
import { cleanUp, note } from './support/scenario';

const SCENARIO = 'webhook';
/** test/faults/workers/webhook-kill-worker.ts kills itself on a job of this name (job-committed). */
const KILL_FILE_NAME = 'webhook-kill.json';
const ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RELAY_INTERVAL_MS: '200', WEBHOOK_RETRY_BASE_MS: '200' };

interface WebhookState {
  outbox_relayed: boolean | null;
  deliveries: Array<{ status: string; attempts: number }>;
}

describe('Webhooks survive a worker SIGKILLed between a job’s final commit and the delivery', () => {
  const db = new FaultsDb();
  const receiver = new WebhookReceiver();
  let api: ApiProcess;
  /** Workers of the running test, killed after it (the API lives for the whole file). */
  const workers: ServiceProcess[] = [];

  beforeAll(async () => {
    await receiver.start();
    api = await startApi({ name: 'faults-webhook-api', env: ENV });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.kill()));
  });
  afterAll(async () => {
    await receiver.stop();
    await cleanUp(db);
  });

  const subscribe = async (caller: Caller, path: string): Promise<{ id: string; secret: string }> => {
    const response = await httpRequest({
      port: api.port,
      method: 'POST',
      path: '/v1/webhooks',
      headers: { authorization: caller.auth, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ url: receiver.url(path), events: ['import.done', 'import.failed'] })),
      timeoutMs: 10_000,
    });
    if (response.status !== 201) throw new Error(`POST /v1/webhooks answered ${response.status}: ${response.text}`);
    return response.json as { id: string; secret: string };
  };

  const state = async (jobId: string): Promise<WebhookState> => {
    const [event] = await db.query<{ relayed: boolean }>('SELECT relayed_at IS NOT NULL AS relayed FROM outbox_events WHERE job_id = $1', [
      jobId,
    ]);
    const deliveries = await db.query<{ status: string; attempts: number }>(
      'SELECT d.status, d.attempts FROM webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id WHERE e.job_id = $1',
      [jobId],
    );
    return { outbox_relayed: event ? event.relayed : null, deliveries };
  };

  /** Starts a normal worker and waits for exactly one signed import.done of `jobId` at `path`. */
  const expectDeliveredOnce = async (path: string, jobId: string, secret: string, name: string) => {
    const started = Date.now();
    workers.push(await startWorker({ name, env: ENV }));
    while (receiver.at(path).length === 0) {
      if (Date.now() - started > 60_000) throw new Error(`no delivery at ${path} within 60 s: ${JSON.stringify(await state(jobId))}`);
      await sleep(50);
    }
    note(SCENARIO, `${path}: delivered ${Date.now() - started} ms after a fresh worker started`);
    await sleep(2_000); // room for a duplicate
    const received = receiver.at(path);
    expect(received).toHaveLength(1);
    const body = JSON.parse(received[0].body) as { type: string; data: { job_id: string; status: string } };
    expect(body).toMatchObject({ type: 'import.done', data: { job_id: jobId, status: 'done' } });
    expect(verifySignature(received[0].headers['product-directory-signature'] as string, secret, received[0].body)).toBe(true);
    expect(await state(jobId)).toEqual({ outbox_relayed: true, deliveries: [{ status: 'delivered', attempts: 1 }] });
  };

  it('killed right after the commit that ends the job (event in the outbox, not relayed): a fresh worker delivers it once', async () => {
    const caller = await createCaller(`${SCENARIO}-committed`);
    const hook = await subscribe(caller, '/committed');
    const killer = await startTestWorker('webhook-kill-worker', {
      name: 'faults-webhook-killer-committed',
      env: { ...ENV, WEBHOOK_KILL_POINT: 'job-committed' },
    });
    const jobId = await uploadCatalog(api.port, caller, smallFile().content, KILL_FILE_NAME);
    const exit = await killer.waitForExit(60_000);
    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect((await db.job(jobId)).status).toBe('done');
    // Died between the job's commit and the relay: the event exists, nothing was handed on.
    expect(await state(jobId)).toEqual({ outbox_relayed: false, deliveries: [] });
    expect(receiver.at('/committed')).toEqual([]);
    await expectDeliveredOnce('/committed', jobId, hook.secret, 'faults-webhook-worker-1');
  });

  it('killed after the relay committed the delivery, before its attempt was queued: the sweep queues it and it is delivered once', async () => {
    const caller = await createCaller(`${SCENARIO}-relayed`);
    const hook = await subscribe(caller, '/relayed');
    const killer = await startTestWorker('webhook-kill-worker', {
      name: 'faults-webhook-killer-relayed',
      env: { ...ENV, WEBHOOK_KILL_POINT: 'before-enqueue' },
    });
    const jobId = await uploadCatalog(api.port, caller, smallFile().content, 'relayed.json');
    const exit = await killer.waitForExit(60_000);
    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await state(jobId)).toEqual({ outbox_relayed: true, deliveries: [{ status: 'pending', attempts: 0 }] });
    expect(receiver.at('/relayed')).toEqual([]);
    await expectDeliveredOnce('/relayed', jobId, hook.secret, 'faults-webhook-worker-2');
  });
});
