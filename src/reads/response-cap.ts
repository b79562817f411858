import type { Response } from 'express';
import type { ApiError } from '../common/errors/api-error';

/**
 * Makes `response` refuse a body above `maxBytes`: Express's send() (which json() calls with the
 * serialised text) answers `refusal(bytes)` instead, so the size is known without serialising twice.
 */
export function capResponseBody(response: Response, maxBytes: number, refusal: (bytes: number) => ApiError): void {
  const send = response.send.bind(response) as Response['send'];
  response.send = ((body?: unknown) => {
    if ((typeof body === 'string' || Buffer.isBuffer(body)) && !response.headersSent) {
      // A string's UTF-8 size is at most 3 bytes per UTF-16 unit: most answers need no count.
      const bytes = typeof body === 'string' ? (body.length * 3 > maxBytes ? Buffer.byteLength(body) : body.length) : body.length;
      if (bytes > maxBytes) {
        response.send = send;
        const error = refusal(bytes);
        response.status(error.getStatus()).set(error.headers).type('application/json');
        return send(JSON.stringify(error.getResponse())); // the ErrorResponse shape
      }
    }
    return send(body);
  }) as Response['send'];
}
