import { Agent, request } from 'node:http';

/** What one request got: its status (0: aborted by us, or no answer), and how long it took. */
export interface Answer {
  status: number;
  ms: number;
  body: string;
}

export interface Call {
  port: number;
  /** The loopback address the request leaves from (127.0.0.0/8): each attacker or client its own. */
  from: string;
  method?: 'GET' | 'POST';
  path: string;
  authorization?: string;
  json?: unknown;
  /** Drop the connection after this long, as a client that gives up does. */
  abortAfterMs?: number;
  timeoutMs?: number;
}

/** Keep-alive, like real clients: one connection pool per source address (the Agent keys sockets by it). */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

export function call(options: Call): Promise<Answer> {
  const started = performance.now();
  const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
  return new Promise((resolve) => {
    let done = false;
    const finish = (status: number, text = '') => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ status, ms: performance.now() - started, body: text });
    };
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        localAddress: options.from,
        method: options.method ?? 'GET',
        path: options.path,
        agent,
        headers: {
          ...(options.authorization ? { authorization: options.authorization } : {}),
          ...(body
            ? { 'content-type': 'application/json', 'content-length': String(body.length), accept: 'application/json, text/event-stream' }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => finish(0));
        res.on('end', () => finish(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
      },
    );
    const limit = options.abortAfterMs ?? options.timeoutMs ?? 30_000;
    const timer = setTimeout(() => {
      req.destroy();
      finish(0);
    }, limit);
    req.on('error', () => finish(0));
    req.end(body);
  });
}

/** Basic credentials of an account. */
export function basicAuth(accountId: string, token: string): string {
  return `Basic ${Buffer.from(`${accountId}:${token}`).toString('base64')}`;
}

/** Runs `attempt` back to back until `stop` is set; resolves with every answer once the running one ends. */
export async function loop(stop: { done: boolean }, attempt: () => Promise<Answer>, pauseMs = 0): Promise<Answer[]> {
  const answers: Answer[] = [];
  while (!stop.done) {
    answers.push(await attempt());
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return answers;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
