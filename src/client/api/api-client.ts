import type { FeedFormat } from '../../common/feeds/feed-format';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ApiError, NetworkError, UsageError } from '../errors';
import { multipartFileBody } from './multipart-body';
import { retryAfterMs } from './retry-after';
import type { ErrorBody, ImportErrorsPage, ImportJob, ProductPage, UploadResult } from './types';

/** Where the service is and who is asking (flags or PDS_URL, PDS_ACCOUNT, PDS_TOKEN). */
export interface Connection {
  /** Server address plus the service's BASE_PATH, e.g. `http://localhost:3000`. */
  url: string;
  account: string;
  token: string;
}

export interface ApiClientOptions {
  /** Retries of a read answered 429 or 503, each after the answer's Retry-After. */
  maxRetries?: number;
  /** Pause when a 429/503 carries no Retry-After. */
  defaultRetryMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** Called before each such pause (the bars show it). */
  onRetry?: (status: number, waitMs: number) => void;
}

export interface UploadOptions {
  idempotencyKey?: string;
  /** The feed format, when the file name does not say it. */
  format?: FeedFormat;
  /** File bytes handed to the connection so far, and the file's size. */
  onProgress?: (sent: number, size: number) => void;
  /** Called once the file's size is known, before the first byte is sent. */
  onStart?: (size: number) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The service's HTTP API over Node's fetch (undici): JSON reads and a streamed multipart upload. */
export class ApiClient {
  private readonly authorization: string;
  private readonly base: string;

  constructor(
    connection: Connection,
    private readonly options: ApiClientOptions = {},
  ) {
    this.base = connection.url.replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${connection.account}:${connection.token}`).toString('base64')}`;
  }

  /** POST /v1/catalogs/imports with the file streamed from disk (never read whole). Not retried. */
  async upload(path: string, options: UploadOptions = {}): Promise<UploadResult> {
    const size = await fileSize(path);
    const body = multipartFileBody(path, size, options.format);
    options.onStart?.(size);
    const headers: Record<string, string> = {
      'Content-Type': body.contentType,
      'Content-Length': String(body.contentLength),
    };
    if (options.idempotencyKey !== undefined) headers['Idempotency-Key'] = options.idempotencyKey;
    const stream = Readable.from(body.stream((sent) => options.onProgress?.(sent, size)));
    const response = await this.send('POST', '/v1/catalogs/imports', { headers, body: stream });
    return this.json<UploadResult>(response);
  }

  getJob(jobId: string): Promise<ImportJob> {
    return this.get<ImportJob>(`/v1/catalogs/imports/${encodeURIComponent(jobId)}`);
  }

  getErrors(jobId: string, page: { limit?: number; cursor?: string } = {}): Promise<ImportErrorsPage> {
    return this.get<ImportErrorsPage>(`/v1/catalogs/imports/${encodeURIComponent(jobId)}/errors`, page);
  }

  searchProducts(query: string, page: { limit?: number; cursor?: string } = {}): Promise<ProductPage> {
    return this.get<ProductPage>('/v1/catalogs/products', { q: query, ...page });
  }

  /** A read; 429 and 503 are retried after their Retry-After, up to `maxRetries` times. */
  private async get<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
    const maxRetries = this.options.maxRetries ?? 5;
    for (let attempt = 0; ; attempt++) {
      const response = await this.send('GET', path + queryString(query));
      if ((response.status === 429 || response.status === 503) && attempt < maxRetries) {
        const waitMs = retryAfterMs(response.headers.get('retry-after'), this.options.defaultRetryMs ?? 1000);
        await response.body?.cancel();
        this.options.onRetry?.(response.status, waitMs);
        await (this.options.sleep ?? sleep)(waitMs);
        continue;
      }
      return this.json<T>(response);
    }
  }

  private async send(method: string, path: string, init: { headers?: Record<string, string>; body?: Readable } = {}): Promise<Response> {
    const url = this.base + path;
    try {
      return await fetch(url, {
        method,
        headers: { Accept: 'application/json', Authorization: this.authorization, ...init.headers },
        body: init.body as unknown as RequestInit['body'],
        // A streamed body needs half-duplex mode, and redirect 'error': with any other mode fetch
        // clones the request, and the clone's tee keeps every byte of the file in memory (a redirect
        // could not resend a stream anyway).
        ...(init.body ? { duplex: 'half', redirect: 'error' } : {}),
      } as RequestInit);
    } catch (error) {
      throw new NetworkError(`cannot reach ${url}: ${networkCause(error)}`);
    }
  }

  /** The body of a 2xx answer, or the service's `error.message` as an ApiError. */
  private async json<T>(response: Response): Promise<T> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new NetworkError(`the answer from ${response.url} broke off: ${networkCause(error)}`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      if (response.ok) throw new NetworkError(`${response.url} answered HTTP ${response.status} without JSON: is PDS_URL the service?`);
      throw new ApiError(response.status, 'http', `HTTP ${response.status} ${response.statusText} from ${response.url}`.trim());
    }
    if (response.ok) return parsed as T;
    const error = (parsed as Partial<ErrorBody>).error;
    if (error && typeof error.message === 'string') throw new ApiError(response.status, String(error.type), error.message);
    throw new ApiError(response.status, 'http', `HTTP ${response.status} ${response.statusText} from ${response.url}`.trim());
  }
}

async function fileSize(path: string): Promise<number> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new UsageError(`${path} is not a file`);
    return info.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** fetch hides the reason in `cause` (ECONNREFUSED, ENOTFOUND, a socket closed mid-upload …). */
function networkCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
