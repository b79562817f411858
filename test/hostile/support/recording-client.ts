import { basicAuth, type Credentials } from '../../../tools/harness/http/credentials';
import { HttpError, ImportClient } from '../../../tools/harness/http/import-client';

export interface Answer {
  status: number;
  body: string;
}

/**
 * The suite's view of the public API: every request's outcome is recorded, so "no 5xx, no
 * dropped connection on any request" is checked over all of them, not only the ones asserted on.
 */
export class RecordingClient {
  /** One line per request that answered 5xx or got no answer at all. */
  readonly serverErrors: string[] = [];
  requests = 0;
  private readonly imports: ImportClient;

  constructor(
    readonly baseUrl: string,
    private readonly credentials: Credentials,
  ) {
    this.imports = new ImportClient(baseUrl, credentials);
  }

  /** Multipart upload streamed from disk; the job id and performance.now() of the 202. */
  async upload(file: string): Promise<{ jobId: string; acceptedAt: number }> {
    this.requests++;
    try {
      return await this.imports.upload(file);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) {
        this.serverErrors.push(`POST /v1/catalogs/imports: ${(error as Error).message.slice(0, 300)}`);
      }
      throw error;
    }
  }

  async get(path: string): Promise<Answer> {
    this.requests++;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        headers: { authorization: basicAuth(this.credentials) },
        signal: AbortSignal.timeout(30_000),
      });
      const answer = { status: response.status, body: await response.text() };
      if (answer.status >= 500) this.serverErrors.push(`GET ${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
      return answer;
    } catch (error) {
      this.serverErrors.push(`GET ${path}: no answer (${(error as Error).message})`);
      throw error;
    }
  }

  /** GET that must answer 200 with JSON. */
  async getJson<T>(path: string): Promise<T> {
    const answer = await this.get(path);
    if (answer.status !== 200)
      throw new HttpError(`GET ${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`, answer.status, answer.body);
    return JSON.parse(answer.body) as T;
  }
}
