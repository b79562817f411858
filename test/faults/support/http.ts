import { randomBytes } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { Caller } from './cli';

export interface HttpResult {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  elapsedMs: number;
}

export interface HttpRequest {
  port: number;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** The whole exchange must finish within this, or the promise rejects (code ETESTTIMEOUT). */
  timeoutMs: number;
}

/**
 * One request on a fresh connection (no keep-alive, so a process that dies mid-request shows as a
 * socket error, not as a stale pooled socket). Rejects on socket errors ("socket hang up") and timeouts.
 */
export function httpRequest(options: HttpRequest): Promise<HttpResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        method: options.method,
        path: options.path,
        agent: false,
        headers: { connection: 'close', ...options.headers, ...(options.body ? { 'content-length': String(options.body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          clearTimeout(timer);
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, elapsedMs: Date.now() - started });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy(
        Object.assign(new Error(`${options.method} ${options.path}: no complete answer within ${options.timeoutMs} ms`), {
          code: 'ETESTTIMEOUT',
        }),
      );
    }, options.timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(options.body);
  });
}

/** A request that got no HTTP answer: the connection failed or was dropped, or the timeout passed. */
export interface RequestFailure {
  failed: true;
  message: string;
  code?: string;
}

/**
 * The answer or the failure as a value. (Errors from node:http are not \`instanceof Error\` inside a
 * Jest test's realm, so tests look at this union instead.)
 */
export async function attempt(request: Promise<HttpResult>): Promise<HttpResult | RequestFailure> {
  try {
    return await request;
  } catch (error) {
    const { message, code } = error as { message?: string; code?: string };
    return { failed: true, message: String(message), code };
  }
}

export function isFailure(answer: HttpResult | RequestFailure): answer is RequestFailure {
  return 'failed' in answer;
}

export function describeAnswer(answer: HttpResult | RequestFailure): string {
  return isFailure(answer)
    ? `no answer: ${answer.message} (${answer.code})`
    : `${answer.status} ${answer.text.slice(0, 120)} in ${answer.elapsedMs} ms`;
}

/** A multipart/form-data body with one `file` part. */
export function multipartFile(content: Buffer, fileName: string): { body: Buffer; contentType: string } {
  const boundary = `----faults${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/json\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function postUpload(
  port: number,
  caller: Caller,
  content: Buffer,
  fileName = 'catalog.json',
  timeoutMs = 30_000,
): Promise<HttpResult> {
  const { body, contentType } = multipartFile(content, fileName);
  return httpRequest({
    port,
    method: 'POST',
    path: '/v1/catalogs/imports',
    headers: { authorization: caller.auth, 'content-type': contentType },
    body,
    timeoutMs,
  });
}

/** Uploads and returns the job id; anything but 202 {job_id} throws with the answer. */
export async function uploadCatalog(port: number, caller: Caller, content: Buffer, fileName = 'catalog.json'): Promise<string> {
  const response = await postUpload(port, caller, content, fileName);
  const jobId = (response.json as { job_id?: unknown } | undefined)?.job_id;
  if (response.status !== 202 || typeof jobId !== 'string') {
    throw new Error(`upload answered ${response.status}: ${response.text.slice(0, 500)}`);
  }
  return jobId;
}

export function getImportStatus(port: number, caller: Caller, jobId: string, timeoutMs: number): Promise<HttpResult> {
  return httpRequest({ port, method: 'GET', path: `/v1/catalogs/imports/${jobId}`, headers: { authorization: caller.auth }, timeoutMs });
}

/**
 * Asks for a job's status over and over in the background (each request on its own connection,
 * with a timeout), so that every transition of an outage is seen by some request.
 */
export class StatusPoller {
  private readonly answers: string[] = [];
  private running = true;
  private readonly loop: Promise<void>;

  constructor(port: number, caller: Caller, jobId: string, timeoutMs: number, intervalMs = 40) {
    this.loop = (async () => {
      while (this.running) {
        const answer = await attempt(getImportStatus(port, caller, jobId, timeoutMs));
        this.answers.push(
          isFailure(answer)
            ? describeAnswer(answer)
            : `${answer.status} ${(answer.json as { error?: { type?: string } }).error?.type ?? ''}`.trim(),
        );
        await new Promise((resolve) => setTimeout(resolve, intervalMs));
      }
    })();
  }

  /** Stops polling; returns every answer, summarised as "200", "503 unavailable", "500 internal" or "no answer: …". */
  async stop(): Promise<string[]> {
    this.running = false;
    await this.loop;
    return this.answers;
  }
}

/** "503 unavailable ×12, 200 ×3" */
export function tally(answers: string[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) counts.set(a, (counts.get(a) ?? 0) + 1);
  return [...counts].map(([a, n]) => `${a} ×${n}`).join(', ');
}
