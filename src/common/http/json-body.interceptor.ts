import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { BadRequestError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../errors/api-error';

/** JSON bodies of the API are small settings objects. */
export const MAX_JSON_BODY_BYTES = 16_384;

/**
 * Reads a JSON request body for the route it decorates. The app runs without a global body parser
 * (the upload streams its body, and parsing before authentication would answer a bad body before
 * a 401): interceptors run after the guards, so authentication, scope and rate limit come first,
 * then 415/413/400 here, then the DTO's 422 in the validation pipe.
 */
@Injectable()
export class JsonBodyInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<Request>();
    request.body = await readJsonBody(request, MAX_JSON_BODY_BYTES);
    return next.handle();
  }
}

export async function readJsonBody(request: Request, maxBytes: number): Promise<Record<string, unknown>> {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') throw new UnsupportedMediaTypeError('The body must be sent as application/json');
  if (Number(request.headers['content-length'] ?? 0) > maxBytes)
    throw new PayloadTooLargeError(`The JSON body is limited to ${maxBytes} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new PayloadTooLargeError(`The JSON body is limited to ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BadRequestError('The body is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ValidationError('The body must be a JSON object');
  return value as Record<string, unknown>;
}
