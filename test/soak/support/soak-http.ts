import { request } from 'node:http';
import { attempt, httpRequest, isFailure, type HttpResult, type RequestFailure } from '../../../tools/harness/http/request';
import type { Family, TrafficLog } from './traffic-log';

export type Answer = HttpResult | RequestFailure;

export interface SoakRequest {
  /** Which API process (index into the ports). */
  api: number;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Statuses the client takes as a normal answer to this request. */
  expected: readonly number[];
  timeoutMs?: number;
  /**
   * The server may close the connection while the body is still being sent (an upload it refused
   * with 408): the client's write then fails (EPIPE/ECONNRESET), often before the answer is read.
   */
  closeExpected?: boolean;
}

/**
 * Every request of the soak: one fresh connection to one of the API processes (a killed process
 * shows as no answer, not as a stale pooled socket), logged with its latency and whether it was expected.
 */
export class SoakHttp {
  constructor(
    readonly ports: readonly number[],
    readonly log: TrafficLog,
    readonly clock: () => number,
  ) {}

  async send(family: Family, r: SoakRequest): Promise<Answer> {
    const at = this.clock();
    const answer = await attempt(
      httpRequest({
        port: this.ports[r.api],
        method: r.method,
        path: r.path,
        headers: r.headers,
        body: r.body,
        timeoutMs: r.timeoutMs ?? 30_000,
      }),
    );
    this.recordAnswer(family, r, at, answer);
    return answer;
  }

  /**
   * An upload whose body is sent at `bytesPerSecond` (the client the minimum upload rate is for);
   * stops writing once the server answered (e.g. 408).
   */
  async sendSlowly(family: Family, r: SoakRequest & { body: Buffer }, bytesPerSecond: number): Promise<Answer> {
    const at = this.clock();
    const answer = await attempt(slowRequest(this.ports[r.api], r, bytesPerSecond));
    this.recordAnswer(family, r, at, answer);
    return answer;
  }

  private recordAnswer(family: Family, r: SoakRequest, at: number, answer: Answer): void {
    const ms = this.clock() - at;
    if (isFailure(answer)) {
      this.log.record({
        family,
        api: r.api,
        at,
        ms,
        status: 0,
        type: null,
        retryAfter: false,
        expected: false,
        detail: `${r.method} ${r.path}: ${answer.message}`,
      });
      return;
    }
    const type = (answer.json as { error?: { type?: string } } | undefined)?.error?.type ?? null;
    // 429 with Retry-After is the per-account limits' documented answer (requests, reads or uploads in
    // flight): every client here waits and asks again, as a well-behaved client does.
    const expected = r.expected.includes(answer.status) || (answer.status === 429 && answer.headers['retry-after'] !== undefined);
    this.log.record({
      family,
      api: r.api,
      at,
      ms,
      status: answer.status,
      type,
      retryAfter: answer.headers['retry-after'] !== undefined,
      expected,
      // Kept only for answers that may be reported (an hour of traffic is ~100k exchanges).
      detail: expected ? '' : `${r.method} ${r.path} → ${answer.status} ${answer.text.slice(0, 160)}`,
    });
  }
}

/** Retry-After in ms (at least `floorMs`), or the floor when absent. */
export function retryDelay(answer: Answer, floorMs = 500): number {
  if (isFailure(answer)) return floorMs;
  const seconds = Number(answer.headers['retry-after']);
  return Number.isFinite(seconds) ? Math.max(floorMs, Math.min(seconds, 5) * 1000) : floorMs;
}

function slowRequest(port: number, r: SoakRequest & { body: Buffer }, bytesPerSecond: number): Promise<HttpResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let offset = 0;
    let answered = false;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: r.method,
        path: r.path,
        agent: false,
        headers: { connection: 'close', ...r.headers, 'content-length': String(r.body.length) },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          cleanup();
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
    // Paced by the clock, not by the ticks: a late timer (a busy machine) sends what is due, so the
    // rate over any window stays at bytesPerSecond.
    const began = Date.now();
    const ticker = setInterval(() => {
      if (answered || offset >= r.body.length) return;
      const due = Math.min(r.body.length, Math.floor(((Date.now() - began) / 1000) * bytesPerSecond));
      if (due <= offset) return;
      req.write(r.body.subarray(offset, due));
      offset = due;
      if (offset >= r.body.length) req.end();
    }, 50);
    const timer = setTimeout(
      () => req.destroy(new Error(`slow upload: no answer within ${r.timeoutMs ?? 120_000} ms`)),
      r.timeoutMs ?? 120_000,
    );
    const cleanup = () => {
      clearInterval(ticker);
      clearTimeout(timer);
    };
    req.on('error', (error) => {
      cleanup();
      // The server may close the connection right after answering 408; the answer is what counts.
      if (!answered) reject(error);
    });
  });
}
