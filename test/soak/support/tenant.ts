import { int } from '../../faults/support/catalog';
import { isFailure } from '../../../tools/harness/http/request';
import { multipartFile } from '../../../tools/harness/http/multipart';
import { IMPORTS_PATH } from '../../../tools/harness/http/import-requests';
import { sleep } from '../../../tools/harness/repo';
import { hostileFile } from './hostile-files';
import type { CancelAnswer, Operation } from './model';
import { retryDelay, type Answer, type SoakHttp } from './soak-http';
import type { SoakDb } from './soak-db';
import type { TenantCatalog } from './tenant-catalog';
import type { UploadFile } from './upload-file';

export interface TenantCaller {
  organizationId: string;
  auth: string;
}

/** A job's status body (the nine ImportJob fields). */
export interface JobStatus {
  job_id: string;
  status: string;
  total: number;
  indexed_count: number;
  failed_count: number;
  skipped_count: number;
}

/** Time from a job seen done until none of its organization's search entries was left. */
export interface BacklogSample {
  at: number;
  seconds: number;
}

const POLL_MS = 1_000;
const JOB_TIMEOUT_MS = 300_000;
const RETRY_FOR_MS = 180_000;

/**
 * One organization's client: uploads of every kind, polls its jobs at a client's rate, cancels and
 * deletes, retrying with its Idempotency-Key when a process dies under it. It does one thing at a
 * time, so the order of its acknowledged operations is the order the service must apply them in.
 */
export class Tenant {
  readonly operations: Operation[] = [];
  readonly problems: string[] = [];
  readonly backlog: BacklogSample[] = [];
  readonly finalStatus = new Map<string, JobStatus>();
  /** Set by the fault schedule: the next upload goes at this many bytes per second. */
  slowNext: { bytesPerSecond: number; done: (ok: boolean) => void } | null = null;
  /** Its episodes are over (the traffic stopped). */
  finished = false;
  private keys = 0;
  private lastFile: UploadFile | null = null;
  private hostileUses = 0;

  constructor(
    readonly index: number,
    readonly caller: TenantCaller,
    readonly catalog: TenantCatalog,
    private readonly http: SoakHttp,
    private readonly db: SoakDb,
    private readonly clock: () => number,
  ) {}

  private get rand(): () => number {
    return this.catalog.rand;
  }

  private api(): number {
    return this.rand() < 0.5 ? 0 : 1;
  }

  /** Episodes until `stopping()`, each finished (its jobs terminal) before the next; `thinkMs` between them. */
  async run(stopping: () => boolean, thinkMs: [number, number]): Promise<void> {
    await this.episode('full');
    while (!stopping()) {
      const until = this.clock() + int(this.rand, thinkMs[0], thinkMs[1]);
      while (this.clock() < until && !stopping() && !this.slowNext) await sleep(200);
      if (stopping()) break;
      await this.episode(this.slowNext ? 'changed' : chooseEpisode(this.rand()));
    }
    this.finished = true;
    this.slowNext?.done(false);
  }

  async episode(kind: EpisodeKind): Promise<void> {
    const c = this.catalog;
    switch (kind) {
      case 'full':
        c.mutate(0.5);
        return this.uploadAndWait([this.file(c.fullFile('full'))]);
      case 'changed':
        c.mutate(0.1);
        return this.uploadAndWait([this.file(c.fullFile('changed10'))]);
      case 'identical':
        return this.uploadAndWait([this.lastFile ?? this.file(c.fullFile('full'))]);
      case 'replace':
        c.dropShare(0.15);
        return this.uploadAndWait([this.file(c.fullFile('replace'))], 'replace');
      case 'replace-refused':
        return this.uploadAndWait([c.subsetFile('replace-subset', 0.3)], 'replace');
      case 'hostile':
        return this.uploadAndWait([hostileFile(this.index, this.hostileUses++, c.fileName('hostile'))]);
      case 'queued':
        return this.queued();
      case 'cancel-pending':
        return this.cancelPending();
      case 'cancel-running':
        return this.cancelRunning();
      case 'delete':
        return this.deleteSome();
    }
  }

  private file(file: UploadFile): UploadFile {
    this.lastFile = file;
    return file;
  }

  private async uploadAndWait(files: UploadFile[], mode: 'merge' | 'replace' = 'merge'): Promise<void> {
    const jobs: string[] = [];
    for (const file of files) {
      const job = await this.upload(file, mode);
      if (job) jobs.push(job.jobId);
    }
    await this.waitForJobs(jobs);
  }

  /** Two uploads back to back (the second queued behind the first), and a retry of the first with its key. */
  private async queued(): Promise<void> {
    this.catalog.mutate(0.1);
    const file = this.file(this.catalog.fullFile('changed10'));
    const first = await this.upload(file, 'merge');
    const second = await this.upload(file, 'merge');
    if (first) {
      // An idempotent retry of an acknowledged upload: the same job, nothing new stored.
      const again = await this.post(file, 'merge', first.key);
      if (again !== null && again !== first.jobId)
        this.problems.push(`retry with key ${first.key} answered job ${again}, not ${first.jobId}`);
    }
    await this.waitForJobs([first?.jobId, second?.jobId].filter((id): id is string => !!id));
  }

  /** An upload queued behind another one, cancelled at once (normally still pending: nothing applied). */
  private async cancelPending(): Promise<void> {
    this.catalog.mutate(0.1);
    const first = await this.upload(this.file(this.catalog.fullFile('changed10')), 'merge');
    this.catalog.mutate(0.1);
    const second = await this.upload(this.catalog.fullFile('to-cancel'), 'merge');
    if (second) await this.cancel(second.jobId);
    await this.waitForJobs([first?.jobId, second?.jobId].filter((id): id is string => !!id));
  }

  /** A larger change, cancelled once it is processing (the batches committed before stay applied). */
  private async cancelRunning(): Promise<void> {
    this.catalog.mutate(0.3);
    const job = await this.upload(this.catalog.fullFile('to-cancel-running'), 'merge');
    if (!job) return;
    const deadline = this.clock() + 60_000;
    for (;;) {
      const status = await this.status(job.jobId);
      if (status && status.status !== 'pending') break;
      if (this.clock() > deadline) break;
      await sleep(100);
    }
    await this.cancel(job.jobId);
    await this.waitForJobs([job.jobId]);
  }

  private async deleteSome(): Promise<void> {
    for (const productId of this.catalog.sampleIds(int(this.rand, 1, 3))) {
      this.catalog.remove(productId);
      let unknown = false;
      const deadline = this.clock() + RETRY_FOR_MS;
      for (;;) {
        const answer = await this.http.send('delete', {
          api: this.api(),
          method: 'DELETE',
          path: `/v1/catalogs/products/${encodeURIComponent(productId)}`,
          headers: { authorization: this.caller.auth },
          expected: [204, 404, 409],
        });
        if (!isFailure(answer) && (answer.status === 204 || answer.status === 404)) {
          this.operations.push({ kind: 'delete', productId, answer: unknown ? 'unknown' : answer.status });
          break;
        }
        // No answer: the delete may have been applied; 503 and 409 change nothing.
        if (isFailure(answer)) unknown = true;
        if (this.clock() > deadline || (!isFailure(answer) && ![409, 503].includes(answer.status))) {
          this.problems.push(`DELETE ${productId} gave up: ${describe(answer)}`);
          this.operations.push({ kind: 'delete', productId, answer: 'unknown' });
          break;
        }
        await sleep(retryDelay(answer));
      }
    }
  }

  /** Uploads until a 202 (retrying with the same Idempotency-Key); records the acknowledged operation. */
  async upload(file: UploadFile, mode: 'merge' | 'replace'): Promise<{ jobId: string; key: string } | null> {
    const key = `soak-t${this.index}-${++this.keys}`;
    const jobId = await this.post(file, mode, key);
    if (jobId === null) return null;
    if (this.operations.some((op) => op.kind === 'upload' && op.jobId === jobId)) {
      this.problems.push(`upload with the new key ${key} answered the existing job ${jobId}`);
      return null;
    }
    this.operations.push({ kind: 'upload', jobId, file, mode, acknowledgedAt: this.clock() });
    return { jobId, key };
  }

  /** POSTs the file until 202; null when it never was acknowledged. */
  private async post(file: UploadFile, mode: 'merge' | 'replace', key: string): Promise<string | null> {
    const { body, contentType } = multipartFile(file.content, file.name);
    const deadline = this.clock() + RETRY_FOR_MS;
    let slow = this.slowNext;
    this.slowNext = null;
    for (;;) {
      const request = {
        api: this.api(),
        method: 'POST' as const,
        path: `${IMPORTS_PATH}${mode === 'replace' ? '?mode=replace' : ''}`,
        headers: { authorization: this.caller.auth, 'content-type': contentType, 'idempotency-key': key },
        body,
        expected: [202],
        timeoutMs: 60_000,
      };
      const answer = slow
        ? await this.http.sendSlowly('upload-slow', { ...request, timeoutMs: 120_000 }, slow.bytesPerSecond)
        : await this.http.send('upload', request);
      // A slow upload is judged on the rate only: a busy server (429/503) gets it again, just as slowly.
      if (slow && (isFailure(answer) || ![429, 503].includes(answer.status))) {
        slow.done(!isFailure(answer) && answer.status === 202);
        slow = null;
      }
      if (!isFailure(answer) && answer.status === 202) {
        const jobId = (answer.json as { job_id?: string }).job_id;
        if (typeof jobId === 'string') return jobId;
      }
      const retriable = isFailure(answer) || [408, 429, 503].includes(answer.status);
      if (!retriable || this.clock() > deadline) {
        this.problems.push(`upload ${file.name} (key ${key}) not acknowledged: ${describe(answer)}`);
        return null;
      }
      await sleep(retryDelay(answer));
    }
  }

  private async cancel(jobId: string): Promise<void> {
    const deadline = this.clock() + RETRY_FOR_MS;
    for (;;) {
      const answer = await this.http.send('cancel', {
        api: this.api(),
        method: 'POST',
        path: `${IMPORTS_PATH}/${jobId}/cancel`,
        headers: { authorization: this.caller.auth },
        expected: [202, 409],
      });
      if (!isFailure(answer) && (answer.status === 202 || answer.status === 409)) {
        const result: CancelAnswer = answer.status === 409 ? { conflict: true } : { status: String((answer.json as JobStatus).status) };
        const op = this.operations.find((o) => o.kind === 'upload' && o.jobId === jobId);
        if (op?.kind === 'upload') op.cancel = result;
        return;
      }
      if (this.clock() > deadline) {
        this.problems.push(`cancel of ${jobId} gave up: ${describe(answer)}`);
        return;
      }
      await sleep(retryDelay(answer));
    }
  }

  async status(jobId: string): Promise<JobStatus | null> {
    const answer = await this.http.send('status', {
      api: this.api(),
      method: 'GET',
      path: `${IMPORTS_PATH}/${jobId}`,
      headers: { authorization: this.caller.auth },
      expected: [200],
    });
    return !isFailure(answer) && answer.status === 200 ? (answer.json as JobStatus) : null;
  }

  /** Polls each job once a second until done/failed, then times how long the search backlog takes to empty. */
  private async waitForJobs(jobIds: string[]): Promise<void> {
    const open = new Set(jobIds);
    const deadline = this.clock() + JOB_TIMEOUT_MS;
    while (open.size > 0) {
      for (const jobId of [...open]) {
        const status = await this.status(jobId);
        if (status && (status.status === 'done' || status.status === 'failed')) {
          this.finalStatus.set(jobId, status);
          open.delete(jobId);
        }
      }
      if (open.size === 0) break;
      if (this.clock() > deadline) {
        this.problems.push(`jobs ${[...open].join(', ')} not done or failed within ${JOB_TIMEOUT_MS / 1000} s`);
        return;
      }
      await sleep(POLL_MS);
    }
    if (jobIds.length > 0) await this.timeSearchBacklog();
  }

  private async timeSearchBacklog(): Promise<void> {
    const at = this.clock();
    const deadline = at + 60_000;
    for (;;) {
      const pending = await this.db.searchBacklog(this.caller.organizationId).catch(() => null);
      if (pending === 0) {
        this.backlog.push({ at, seconds: (this.clock() - at) / 1000 });
        return;
      }
      if (this.clock() > deadline) {
        this.backlog.push({ at, seconds: Infinity });
        return;
      }
      await sleep(250);
    }
  }
}

export type EpisodeKind =
  'full' | 'changed' | 'identical' | 'replace' | 'replace-refused' | 'hostile' | 'queued' | 'cancel-pending' | 'cancel-running' | 'delete';

const EPISODES: Array<[EpisodeKind, number]> = [
  ['changed', 28],
  ['identical', 14],
  ['full', 8],
  ['queued', 10],
  ['replace', 9],
  ['replace-refused', 4],
  ['cancel-pending', 6],
  ['cancel-running', 4],
  ['hostile', 8],
  ['delete', 9],
];

function chooseEpisode(r: number): EpisodeKind {
  const total = EPISODES.reduce((sum, [, w]) => sum + w, 0);
  let x = r * total;
  for (const [kind, weight] of EPISODES) {
    if (x < weight) return kind;
    x -= weight;
  }
  return 'changed';
}

function describe(answer: Answer): string {
  return isFailure(answer) ? `no answer (${answer.message})` : `${answer.status} ${answer.text.slice(0, 200)}`;
}
