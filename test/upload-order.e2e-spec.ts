import request from 'supertest';
import { OrganizationLockRepository } from '../src/jobs/repositories/organization-lock.repository';
import { query } from './support/database';
import { createCaller } from './support/factories';
import { getJob, upload, waitForJob } from './support/imports';
import { createTestApp, type TestApp } from './support/test-app';

const UPLOADS = 8;

/** Upload i sets the shared product's title to `upload i`; sizes differ so the uploads commit in a shuffled order. */
function file(i: number): Buffer {
  const filler = Array.from({ length: ((i * 5) % UPLOADS) * 400 }, (_, k) => ({ id: `filler-${i}-${k}`, title: `Filler ${k}` }));
  return Buffer.from(JSON.stringify([...filler, { id: 'shared', title: `upload ${i}` }]));
}

describe('Upload order = acknowledgement order (DESIGN §11)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // One account sends all the uploads at once: lift its per-account slots (2 by default) to that many.
    t = await createTestApp({ config: (c) => ({ ...c, uploads: { ...c.uploads, slotsPerAccount: UPLOADS } }) });
  });
  afterAll(() => t.close());

  it('applies concurrent uploads of one organization in the order their 202s arrived', async () => {
    const caller = await createCaller(t.app);
    // The event-loop turn in which each 202 was handled: responses handled in the same turn arrived
    // together, and the order in which the client handles those says nothing about which was sent
    // first (seen swapped once in a loaded CI run). Between turns, the order is the arrival order.
    let turn = 0;
    let counting = true;
    const count = () => {
      turn++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const acknowledged: Array<{ jobId: string; upload: number; turn: number }> = [];
    try {
      await Promise.all(
        Array.from({ length: UPLOADS }, async (_, i) => {
          const response = await request(t.http)
            .post('/v1/catalogs/imports')
            .set('Authorization', caller.auth)
            .attach('file', file(i), `u${i}.json`);
          expect(response.status).toBe(202);
          acknowledged.push({ jobId: (response.body as { job_id: string }).job_id, upload: i, turn }); // in order of arrival
        }),
      );
    } finally {
      counting = false;
    }
    for (const { jobId } of acknowledged) await waitForJob(t.http, caller.auth, jobId, { timeoutMs: 60_000 });

    // Their positions follow the 202s: a 202 handled in an earlier turn has the earlier position.
    const positions = await query<{ id: string }>(t.app, 'SELECT id FROM import_jobs WHERE organization_id = $1 ORDER BY seq', [
      caller.organizationId,
    ]);
    const inLine = positions.map((p) => acknowledged.find((a) => a.jobId === p.id)!);
    expect(inLine.map((a) => a.jobId).sort()).toEqual(acknowledged.map((a) => a.jobId).sort());
    for (let k = 1; k < inLine.length; k++) {
      expect({ k, turns: inLine[k].turn >= inLine[k - 1].turn }).toEqual({ k, turns: true });
    }
    // Each import started only after the one before it in line had completed.
    const jobs = await Promise.all(inLine.map(({ jobId }) => getJob(t.http, caller.auth, jobId)));
    for (let k = 1; k < jobs.length; k++) {
      expect({ k, started: Date.parse(String(jobs[k].started_at)) >= Date.parse(String(jobs[k - 1].completed_at)) }).toEqual({
        k,
        started: true,
      });
    }
    // The last upload in line, acknowledged last, wrote the shared product's version that stays.
    const shared = await request(t.http).get('/v1/catalogs/products/shared').set('Authorization', caller.auth).expect(200);
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
