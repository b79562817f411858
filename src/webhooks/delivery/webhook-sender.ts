import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockedTargetError, HOST_NOT_PUBLIC, TargetGuard } from '../ssrf/target-guard';

export interface SendResult {
  /** The receiver's HTTP status, or null when no answer came. */
  statusCode: number | null;
  /** Why the attempt did not succeed (null on 2xx). Short; never the receiver's body; shown to clients. */
  error: string | null;
  /** What the guard saw (names, addresses) when it refused the target: for the server log only. */
  detail?: string;
  durationMs: number;
}

const MAX_ERROR_LENGTH = 200;

/**
 * One POST of a signed event: through the SSRF guard's lookup (the socket connects only to the
 * address that was checked), within `timeoutMs` for the whole exchange, redirects not followed
 * (a 3xx is a failed attempt). Only the status is read: the connection is closed as soon as it
 * arrives, so a receiver cannot hold it open or stream an endless body. Never throws.
 */
export class WebhookSender {
  constructor(
    private readonly guard: TargetGuard,
    private readonly timeoutMs: number,
  ) {}

  async send(target: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    const started = Date.now();
    const done = (statusCode: number | null, error: string | null, detail?: string): SendResult => ({
      statusCode,
      error: error === null ? null : error.slice(0, MAX_ERROR_LENGTH),
      durationMs: Date.now() - started,
      ...(detail === undefined ? {} : { detail }),
    });
    let url: URL;
    try {
      url = this.guard.checkUrl(target);
    } catch (error) {
      return done(null, (error as Error).message, (error as BlockedTargetError).detail);
    }
    try {
      const code = await this.post(url, body, headers);
      if (code >= 200 && code < 300) return done(code, null);
      return done(code, code >= 300 && code < 400 ? `answered ${code}; redirects are not followed` : `answered ${code}`);
    } catch (error) {
      if (error instanceof BlockedTargetError) return done(null, error.message, error.detail);
      return done(null, this.describe(error));
    }
  }

  /** The answer's status code; the response is destroyed unread. */
  private post(url: URL, body: string, headers: Record<string, string>): Promise<number> {
    const payload = Buffer.from(body, 'utf8');
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(url, {
        method: 'POST',
        agent: false,
        lookup: this.guard.lookup(),
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(payload.length), Connection: 'close' },
      });
      const timer = setTimeout(
        () => req.destroy(Object.assign(new Error(`timed out after ${this.timeoutMs} ms`), { code: 'ETIMEDOUT' })),
        this.timeoutMs,
      );
      req.on('response', (response: IncomingMessage) => {
        clearTimeout(timer);
        response.on('error', () => undefined);
        response.destroy(); // the body is never needed: close rather than drain whatever the receiver streams
        resolve(response.statusCode ?? 0);
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.end(payload);
    });
  }

  private describe(error: unknown): string {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === 'ETIMEDOUT') return message;
    if (code === 'ECONNREFUSED') return 'connection refused';
    // Guarded, an unknown name answers like a refused one: otherwise the difference maps internal DNS (via a CNAME).
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return this.guard.allowsPrivate ? 'host not found' : HOST_NOT_PUBLIC;
    if (code === 'ECONNRESET') return 'connection reset';
    return code ? `${code}: ${message}` : message;
  }
}
