import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';

/**
 * Raw HTTP/1.1 over a TCP socket, for requests a well-behaved client library refuses to send
 * (non-ASCII header bytes, bodies cut short, clients that go silent or vanish mid-upload).
 */

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Makes the Nest HTTP server listen on an ephemeral loopback port (supertest then reuses it). */
export async function listen(app: INestApplication): Promise<number> {
  const server = app.getHttpServer() as Server;
  if (!server.listening) await app.listen(0, '127.0.0.1');
  return (server.address() as AddressInfo).port;
}

/** Parses what the server sent back; null when nothing (or no status line) arrived. */
export function parseResponse(raw: Buffer): RawResponse | null {
  const headEnd = raw.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const [statusLine, ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(headEnd + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
  else if (headers['content-length'] !== undefined) body = body.subarray(0, Number(headers['content-length']));
  return { status: Number(match[1]), headers, body: body.toString('utf8') };
}

function dechunk(data: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    out.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/** One raw socket; collects every byte the server sends and notes when the server closes it. */
export class RawConnection {
  readonly socket: Socket;
  private readonly received: Buffer[] = [];
  /** Resolves with the milliseconds from connect to the socket closing (whoever closed it). */
  readonly closed: Promise<number>;
  private readonly openedAt = Date.now();
  private closedByUs = false;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (data: Buffer) => this.received.push(data));
    // The server may close while we are still writing (EPIPE/ECONNRESET): that is an answer too.
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve(Date.now() - this.openedAt)));
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.destroyed) return resolve();
      this.socket.write(data, () => resolve());
    });
  }

  /** Half-closes: no more bytes from us, but the server's answer can still be read. */
  end(): void {
    this.socket.end();
  }

  /** Drops the connection at once, as a crashed client or a cut network would. */
  destroy(): void {
    this.closedByUs = true;
    this.socket.destroy();
  }

  get wasClosedByUs(): boolean {
    return this.closedByUs;
  }

  get bytesReceived(): number {
    return this.received.reduce((n, b) => n + b.length, 0);
  }

  response(): RawResponse | null {
    return parseResponse(Buffer.concat(this.received));
  }

  /** Waits for the socket to close, at most `ms`; true when it closed in time. */
  async closesWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
      return await Promise.race([this.closed.then(() => true as const), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Sends a complete raw request (head + body, `Connection: close`) and waits for the server to
 * answer and close. Rejects when nothing parseable arrives within `timeoutMs`.
 */
export async function rawRequest(
  port: number,
  head: string | Buffer,
  body: Buffer = Buffer.alloc(0),
  timeoutMs = 15_000,
): Promise<RawResponse> {
  const connection = await RawConnection.open(port);
  try {
    await connection.write(Buffer.concat([Buffer.isBuffer(head) ? head : Buffer.from(head, 'latin1'), body]));
    const closed = await connection.closesWithin(timeoutMs);
    const response = connection.response();
    if (!response) throw new Error(`no HTTP response within ${timeoutMs} ms (socket ${closed ? 'closed' : 'still open'})`);
    return response;
  } finally {
    connection.destroy();
  }
}

/** The head of a request: request line, the given header lines, `Connection: close`, blank line. */
export function requestHead(method: string, path: string, headers: Array<string | Buffer>): Buffer {
  const lines: Buffer[] = [Buffer.from(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n`, 'latin1')];
  for (const header of headers) lines.push(Buffer.isBuffer(header) ? header : Buffer.from(header, 'latin1'), Buffer.from('\r\n'));
  lines.push(Buffer.from('\r\n'));
  return Buffer.concat(lines);
}
