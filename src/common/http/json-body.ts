import type { Request } from 'express';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors/api-error';

/**
 * Reads a JSON request body. The app has no global body parser (a body must never be parsed
 * before authentication has run), so the few routes that take JSON read it themselves, after
 * their guards, bounded to `maxBytes`.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) throw new UnsupportedMediaTypeError('The body must be application/json');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw new PayloadTooLargeError(`The body must be at most ${maxBytes} bytes`);
  const body = await collect(request, maxBytes);
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new BadRequestError('The body is not valid JSON');
  }
}

/**
 * Buffers the body up to `maxBytes`. Past the limit it stops buffering but does not destroy the
 * request (that would kill the socket before the 413 is sent); Node discards the unread rest once
 * the response ends, and the server's request timeout bounds how long that may take.
 */
function collect(request: Request, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      request.off('data', onData);
      request.off('end', onEnd);
      reject(new PayloadTooLargeError(`The body must be at most ${maxBytes} bytes`));
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    request.on('data', onData);
    request.on('end', onEnd);
    request.once('error', reject);
  });
}
