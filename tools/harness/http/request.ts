import { request, type IncomingHttpHeaders } from 'node:http';

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
  method: 'GET' | 'POST' | 'DELETE';
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
