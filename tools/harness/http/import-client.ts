import { FEED_FORMAT_SIGNS, formatOfFileName } from '../../../src/common/feeds/feed-format';
import { openAsBlob } from 'node:fs';
import * as path from 'node:path';
import { MAX_FILE_BYTES } from '../../../src/imports/http/upload/upload-limits';
import type { ImportJobDto } from '../../../src/imports/dto/import-job.dto';
import { sleep } from '../repo';
import { basicAuth, type Credentials } from './credentials';
import { IMPORTS_PATH } from './import-requests';

/** 50 MiB, counted on the file part (the service's own constant). */
export const MAX_UPLOAD_BYTES = MAX_FILE_BYTES;

/** The status body, typed by the service's own DTO. */
export type ImportJobStatus = ImportJobDto;

export interface WaitResult {
  job: ImportJobStatus;
  /** From `since` to the poll that saw done/failed. */
  seconds: number;
  pollErrors: string[];
  polls: number;
  /** performance.now() of the first poll that saw the job out of `pending`, and with `total` > 0 (scan pass over). */
  firstProcessingAt: number | null;
  firstCountedAt: number | null;
}

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(message);
  }
}

/**
 * Client for the import endpoints over global fetch (undici, keep-alive): uploads stream the file
 * from disk, and polls measure what a client sees. For runs where the processes stay up (bench,
 * hostile); suites that kill them use import-requests.ts.
 */
export class ImportClient {
  constructor(
    readonly baseUrl: string,
    private readonly credentials: Credentials,
    /** A local 50 MiB upload takes about a second; a request without an answer after this is reported as hung. */
    private readonly uploadTimeoutMs = 120_000,
  ) {}

  get authorization(): string {
    return basicAuth(this.credentials);
  }

  /**
   * POST /v1/catalogs/imports with the file streamed from disk (file-backed Blob in a FormData;
   * undici reads it lazily). Returns the job id and the time until the 202 arrived.
   */
  async upload(filePath: string, timeoutMs = this.uploadTimeoutMs): Promise<{ jobId: string; seconds: number; acceptedAt: number }> {
    const blob = await openAsBlob(filePath, { type: contentTypeOf(filePath) });
    const form = new FormData();
    form.append('file', blob, path.basename(filePath));
    const started = performance.now();
    let response: Response;
    let body: string;
    try {
      response = await fetch(`${this.baseUrl}${IMPORTS_PATH}`, {
        method: 'POST',
        headers: { authorization: this.authorization },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { message?: string; code?: string } }).cause;
      throw new Error(
        `upload of ${path.basename(filePath)} failed after ${((performance.now() - started) / 1000).toFixed(1)} s without a response: ` +
          `${(error as Error).message}${cause ? ` (${cause.code ?? ''} ${cause.message ?? ''})` : ''}` +
          (blob.size >= MAX_UPLOAD_BYTES
            ? `. The file is ${blob.size.toLocaleString('en')} bytes, at/over the 52,428,800-byte limit: the service should have answered 202 (at) or 413 (over); ` +
              'if smaller files upload fine, its size-limit handling hangs (try --size-bytes 52428799)'
            : ''),
      );
    }
    const acceptedAt = performance.now();
    if (response.status !== 202) {
      throw new HttpError(
        `upload of ${path.basename(filePath)} answered ${response.status} (expected 202): ${body.slice(0, 500)}`,
        response.status,
        body,
      );
    }
    const jobId = (JSON.parse(body) as { job_id?: string }).job_id;
    if (!jobId) throw new HttpError(`upload answered 202 without job_id: ${body.slice(0, 500)}`, 202, body);
    return { jobId, seconds: (acceptedAt - started) / 1000, acceptedAt };
  }

  async status(jobId: string): Promise<ImportJobStatus> {
    const response = await fetch(`${this.baseUrl}${IMPORTS_PATH}/${jobId}`, {
      headers: { authorization: this.authorization },
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.text();
    if (response.status !== 200)
      throw new HttpError(`GET import ${jobId} answered ${response.status}: ${body.slice(0, 500)}`, response.status, body);
    return JSON.parse(body) as ImportJobStatus;
  }

  async errorsPage(
    jobId: string,
    limit = 100,
  ): Promise<{ failure: unknown; data: { index: number; errors: { field: string; message: string }[] }[] }> {
    const response = await fetch(`${this.baseUrl}${IMPORTS_PATH}/${jobId}/errors?limit=${limit}`, {
      headers: { authorization: this.authorization },
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.text();
    if (response.status !== 200)
      throw new HttpError(`GET import ${jobId}/errors answered ${response.status}: ${body.slice(0, 500)}`, response.status, body);
    return JSON.parse(body);
  }

  /**
   * Polls every `intervalMs` until the job is done or failed. `seconds` runs from `since`
   * (performance.now() of the 202) to the poll that saw the terminal state. Transient poll
   * errors (e.g. a 503 while the database is busy) are counted and retried.
   */
  async waitForTerminal(
    jobId: string,
    since: number,
    options: { intervalMs?: number; timeoutMs?: number; isAlive?: () => string | null } = {},
  ): Promise<WaitResult> {
    const intervalMs = options.intervalMs ?? 100;
    const deadline = Date.now() + (options.timeoutMs ?? 900_000);
    const pollErrors: string[] = [];
    let polls = 0;
    let last: ImportJobStatus | null = null;
    let firstProcessingAt: number | null = null;
    let firstCountedAt: number | null = null;
    for (;;) {
      const dead = options.isAlive?.();
      if (dead) throw new Error(`while waiting for import ${jobId}: ${dead}`);
      try {
        polls++;
        last = await this.status(jobId);
        const now = performance.now();
        if (last.status !== 'pending' && firstProcessingAt === null) firstProcessingAt = now;
        if (last.total > 0 && firstCountedAt === null) firstCountedAt = now;
        if (last.status === 'done' || last.status === 'failed') {
          return { job: last, seconds: (now - since) / 1000, pollErrors, polls, firstProcessingAt, firstCountedAt };
        }
      } catch (error) {
        pollErrors.push((error as Error).message);
        if (pollErrors.length > 50) throw new Error(`import ${jobId}: too many failed polls; last: ${(error as Error).message}`);
      }
      if (Date.now() > deadline) {
        throw new Error(`import ${jobId} not finished within ${options.timeoutMs ?? 900_000} ms; last status ${JSON.stringify(last)}`);
      }
      await sleep(intervalMs);
    }
  }
}

/** The part content type for a file, from its name (as the CLI client sends it); JSON when the name says nothing. */
function contentTypeOf(filePath: string): string {
  return FEED_FORMAT_SIGNS[formatOfFileName(filePath) ?? 'json'].contentTypes[0];
}
