import type { Request } from 'express';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors/api-error';

/** The settings objects most JSON routes take are small; a route with more to say passes its own limit. */
export const MAX_JSON_BODY_BYTES = 16_384;

/** The answers of readJsonBody, documented in docs/errors.md ("JSON bodies"). */
export const JSON_BODY_MESSAGES = {
  notJson: 'The body must be sent as application/json',
  tooLarge: (maxBytes: number) => `The JSON body is limited to ${maxBytes} bytes`,
  invalid: 'The body is not valid JSON',
  notObject: 'The body must be a JSON object',
} as const;

export interface JsonBodyOptions {
  /** Also accept a top-level array (a JSON-RPC batch); its elements are the caller's to check. */
  arrays?: boolean;
}

/**
 * Reads a JSON request body within `maxBytes`. The app has no global body parser (a body must
 * never be parsed before authentication has run), so the routes that take JSON read it here,
 * after their guards: 415 unless the Content-Type is application/json, 413 past the limit, 400
 * when empty or not valid JSON, 422 when not an object (or an array, where `arrays` allows one).
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<Record<string, unknown>>;
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  options: JsonBodyOptions,
): Promise<Record<string, unknown> | unknown[]>;
export async function readJsonBody(
  request: Request,
  maxBytes: number,
  options: JsonBodyOptions = {},
): Promise<Record<string, unknown> | unknown[]> {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new UnsupportedMediaTypeError(JSON_BODY_MESSAGES.notJson);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw new PayloadTooLargeError(JSON_BODY_MESSAGES.tooLarge(maxBytes));
  const body = await collect(request, maxBytes);
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new BadRequestError(JSON_BODY_MESSAGES.invalid);
  }
  if (Array.isArray(value) && options.arrays) return value as unknown[];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ValidationError(JSON_BODY_MESSAGES.notObject);
  return value as Record<string, unknown>;
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
      reject(new PayloadTooLargeError(JSON_BODY_MESSAGES.tooLarge(maxBytes)));
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    request.on('data', onData);
    request.on('end', onEnd);
    request.once('error', reject);
  });
}
