import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockedTargetError, TargetGuard } from '../ssrf/target-guard';

export interface SendResult {
  /** The receiver's HTTP status, or null when no answer came. */
  statusCode: number | null;
  /** Why the attempt did not succeed (null on 2xx). Short; never the receiver's body. */
  error: string | null;
  durationMs: number;
}

const MAX_ERROR_LENGTH = 200;

/**
 * One POST of a signed event: through the SSRF guard's lookup (the socket connects only to the
 * address that was checked), within `timeoutMs` for the whole exchange, redirects not followed
 * (a 3xx is a failed attempt). Never throws.
 */
export class WebhookSender {
  constructor(
    private readonly guard: TargetGuard,
    private readonly timeoutMs: number,
  ) {}

  async send(target: string, body: string, headers: Record<string, string>): Promise<SendResult> {
    const started = Date.now();
    const done = (statusCode: number | null, error: string | null): SendResult => ({
      statusCode,
      error: error === null ? null : error.slice(0, MAX_ERROR_LENGTH),
      durationMs: Date.now() - started,
    });
    let url: URL;
    try {
      url = TargetGuard.parseUrl(target);
      this.guard.checkLiteral(url);
    } catch (error) {
      return done(null, (error as Error).message);
    }
    try {
      const response = await this.post(url, body, headers);
      const code = response.statusCode ?? 0;
      if (code >= 200 && code < 300) return done(code, null);
      return done(code, code >= 300 && code < 400 ? `answered ${code}; redirects are not followed` : `answered ${code}`);
    } catch (error) {
      return done(null, describe(error));
    }
  }

  private post(url: URL, body: string, headers: Record<string, string>): Promise<IncomingMessage> {
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
      req.on('response', (response) => {
        clearTimeout(timer);
        response.resume(); // the answer's body is not needed: drain and drop it
        response.on('error', () => undefined);
        resolve(response);
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.end(payload);
    });
  }
}

function describe(error: unknown): string {
  if (error instanceof BlockedTargetError) return error.message;
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ETIMEDOUT') return message;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET') return 'connection reset';
  return code ? `${code}: ${message}` : message;
}
