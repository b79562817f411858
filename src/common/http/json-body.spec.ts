import type { Request } from 'express';
import { PassThrough } from 'node:stream';
import { ApiError } from '../errors/api-error';
import { JSON_BODY_MESSAGES, readJsonBody } from './json-body';

/** A request streaming `body` in one chunk, with the given headers. */
function requestOf(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }): Request {
  const stream = new PassThrough();
  Object.assign(stream, { headers });
  setImmediate(() => stream.end(body));
  return stream as unknown as Request;
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; type: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { error: body } = (error as ApiError).getResponse() as { error: { type: string; message: string } };
  return { status: (error as ApiError).getStatus(), type: body.type, message: body.message };
}

describe('readJsonBody', () => {
  it('returns the object of an application/json body, with or without parameters, in any case', async () => {
    await expect(readJsonBody(requestOf('{"a":1}'), 100)).resolves.toEqual({ a: 1 });
    const withCharset = requestOf('{"b":[2]}', { 'content-type': 'Application/JSON; charset=utf-8' });
    await expect(readJsonBody(withCharset, 100)).resolves.toEqual({ b: [2] });
  });

  it.each([['text/plain'], ['application/vnd.api+json'], ['application/x-www-form-urlencoded'], ['']])(
    'answers 415 to the content type %p',
    async (type) => {
      const headers: Record<string, string> = type ? { 'content-type': type } : {};
      expect(await refusal(readJsonBody(requestOf('{}', headers), 100))).toEqual({
        status: 415,
        type: 'unsupported_media_type',
        message: JSON_BODY_MESSAGES.notJson,
      });
    },
  );

  it('answers 413 when the declared or the streamed length passes the limit', async () => {
    const tooLarge = { status: 413, type: 'payload_too_large', message: 'The JSON body is limited to 10 bytes' };
    const declared = requestOf('{}', { 'content-type': 'application/json', 'content-length': '11' });
    expect(await refusal(readJsonBody(declared, 10))).toEqual(tooLarge);
    expect(await refusal(readJsonBody(requestOf('{"a":"12345"}'), 10))).toEqual(tooLarge);
    await expect(readJsonBody(requestOf('{"a":"123"}'), 11)).resolves.toEqual({ a: '123' });
  });

  it.each([[''], ['   '], ['{"a":'], ['{a:1}']])('answers 400 to the empty or malformed body %p', async (body) => {
    expect(await refusal(readJsonBody(requestOf(body), 100))).toEqual({
      status: 400,
      type: 'bad_request',
      message: 'The body is not valid JSON',
    });
  });

  it.each([['[1]'], ['42'], ['"text"'], ['null'], ['true']])('answers 422 to the non-object %p', async (body) => {
    expect(await refusal(readJsonBody(requestOf(body), 100))).toEqual({
      status: 422,
      type: 'validation',
      message: 'The body must be a JSON object',
    });
  });

  it('returns a top-level array where the route takes one (a JSON-RPC batch), and still refuses scalars', async () => {
    await expect(readJsonBody(requestOf('[{"id":1}]'), 100, { arrays: true })).resolves.toEqual([{ id: 1 }]);
    await expect(readJsonBody(requestOf('{"id":1}'), 100, { arrays: true })).resolves.toEqual({ id: 1 });
    expect((await refusal(readJsonBody(requestOf('7'), 100, { arrays: true }))).status).toBe(422);
  });
});
