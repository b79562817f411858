/**
 * The import endpoints over fresh connections (no keep-alive, see httpRequest): for suites that
 * kill and restart the processes they talk to, where a pooled socket would hide the failure.
 */
import { basicAuth, type Credentials } from './credentials';
import { multipartFile } from './multipart';
import { attempt, describeAnswer, httpRequest, isFailure, type HttpResult } from './request';

export const IMPORTS_PATH = '/v1/catalogs/imports';

export function postUpload(
  port: number,
  caller: Credentials,
  content: Buffer,
  fileName = 'catalog.json',
  timeoutMs = 30_000,
): Promise<HttpResult> {
  const { body, contentType } = multipartFile(content, fileName);
  return httpRequest({
    port,
    method: 'POST',
    path: IMPORTS_PATH,
    headers: { authorization: basicAuth(caller), 'content-type': contentType },
    body,
    timeoutMs,
  });
}

/** Uploads and returns the job id; anything but 202 {job_id} throws with the answer. */
export async function uploadCatalog(port: number, caller: Credentials, content: Buffer, fileName = 'catalog.json'): Promise<string> {
  const response = await postUpload(port, caller, content, fileName);
  const jobId = (response.json as { job_id?: unknown } | undefined)?.job_id;
  if (response.status !== 202 || typeof jobId !== 'string') {
    throw new Error(`upload answered ${response.status}: ${response.text.slice(0, 500)}`);
  }
  return jobId;
}

export function getImportStatus(port: number, caller: Credentials, jobId: string, timeoutMs: number): Promise<HttpResult> {
  return httpRequest({ port, method: 'GET', path: `${IMPORTS_PATH}/${jobId}`, headers: { authorization: basicAuth(caller) }, timeoutMs });
}

/**
 * Asks for a job's status over and over in the background (each request on its own connection,
 * with a timeout), so that every transition of an outage is seen by some request.
 */
export class StatusPoller {
  private readonly answers: string[] = [];
  private running = true;
  private readonly loop: Promise<void>;

  constructor(port: number, caller: Credentials, jobId: string, timeoutMs: number, intervalMs = 40) {
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
