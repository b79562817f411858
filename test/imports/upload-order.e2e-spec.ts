import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { OrganizationLockRepository } from '../../src/imports/jobs/repositories/organization-lock.repository';
import { query } from '../support/database';
import { createCaller } from '../support/factories';
import { getJob, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const UPLOADS = 8;

/** Upload i sets the shared product's title to `upload i`; sizes differ so the uploads commit in a shuffled order. */
function file(i: number): Buffer {
  const filler = Array.from({ length: ((i * 5) % UPLOADS) * 400 }, (_, k) => ({ id: `filler-${i}-${k}`, title: `Filler ${k}` }));
  return Buffer.from(JSON.stringify([...filler, { id: 'shared', title: `upload ${i}` }]));
}

describe('Upload order = acknowledgement order', () => {
  let t: TestApp;

  beforeAll(async () => {
    // One account sends all the uploads at once: lift its per-account slots (2 by default) to that many.
    t = await createTestApp({
      config: (c) => ({ ...c, uploads: { ...c.uploads, slotsPerAccount: UPLOADS, slotsPerOrganization: UPLOADS } }),
    });
  });
  afterAll(() => t.close());

  it('applies concurrent uploads of one organization in the order their 202s were sent', async () => {
    const caller = await createCaller(t.app);
    // The order in which the server finished sending each 202 (its job id is in Location). The
    // client's handling order is not it: responses read in one event-loop turn are handled in any
    // order, and how they fall into turns depends on what else the process runs (the in-process
    // worker's import), which made a client-side check flaky in loaded CI runs.
    const sent: string[] = [];
    const onRequest = (_request: IncomingMessage, response: ServerResponse) => {
      response.on('finish', () => {
        const location = response.getHeader('location');
        if (response.statusCode === 202 && typeof location === 'string') sent.push(location.split('/').pop()!);
      });
    };
    const server = t.http as unknown as Server;
    server.on('request', onRequest);
    const acknowledged: Array<{ jobId: string; upload: number }> = [];
    try {
      await Promise.all(
        Array.from({ length: UPLOADS }, async (_, i) => {
          const response = await authed(t.http, caller).post('/v1/catalogs/imports').attach('file', file(i), `u${i}.json`);
          expect(response.status).toBe(202);
          acknowledged.push({ jobId: (response.body as { job_id: string }).job_id, upload: i });
        }),
      );
    } finally {
      server.off('request', onRequest);
    }
    for (const { jobId } of acknowledged) await waitForJob(t.http, caller.auth, jobId, { timeoutMs: 60_000 });

    // Their positions follow the 202s: the run order is the order in which they were sent.
    const positions = await query<{ id: string }>(t.app, 'SELECT id FROM import_jobs WHERE organization_id = $1 ORDER BY seq', [
      caller.organizationId,
    ]);
    expect(sent).toHaveLength(UPLOADS);
    expect(positions.map((p) => p.id)).toEqual(sent);
    const inLine = positions.map((p) => acknowledged.find((a) => a.jobId === p.id)!);
    // Each import started only after the one before it in line had completed.
    const jobs = await Promise.all(inLine.map(({ jobId }) => getJob(t.http, caller.auth, jobId)));
    for (let k = 1; k < jobs.length; k++) {
      expect({ k, started: Date.parse(String(jobs[k].started_at)) >= Date.parse(String(jobs[k - 1].completed_at)) }).toEqual({
        k,
        started: true,
      });
    }
    // The last upload in line, acknowledged last, wrote the shared product's version that stays.
    const shared = await authed(t.http, caller).get('/v1/catalogs/products/shared').expect(200);
    expect((shared.body as { title: string }).title).toBe(`upload ${inLine[UPLOADS - 1].upload}`);
  });

  it('a committed job the API left without a position (it died before its 202) gets one from the reconciler, then runs', async () => {
    const caller = await createCaller(t.app);
    // Holding the organization's import lock keeps deliveries away while the crash is staged.
    const lock = await t.app.get(OrganizationLockRepository).tryAcquire(caller.organizationId);
    if (!lock) throw new Error('organization lock not free');
    let jobId: string;
    try {
      jobId = await upload(t.http, caller.auth, '[{"id":"b","title":"B"}]');
      await query(t.app, 'UPDATE import_jobs SET seq = NULL WHERE id = $1', [jobId]);
    } finally {
      await lock.release();
    }
    const done = await waitForJob(t.http, caller.auth, jobId, { timeoutMs: 30_000 });
    expect(done).toMatchObject({ status: 'done', indexed_count: 1 });
    const [row] = await query<{ seq: string | null }>(t.app, 'SELECT seq FROM import_jobs WHERE id = $1', [jobId]);
    expect(row.seq).not.toBeNull();
  });
});
