import type { IncomingHttpHeaders } from 'node:http';
import { PassThrough } from 'node:stream';
import {
  ApiError,
  BadRequestError,
  PayloadTooLargeError,
  RequestTimeoutError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../../common/errors/api-error';
import type { MinimumRateSettings } from './minimum-rate';
import { readFilePart, type FileSink } from './multipart-file-reader';
import { MAX_FILE_BYTES } from './upload-limits';

const BOUNDARY = 'unit-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

type Part = { kind: 'file'; name: string; fileName: string; content: Buffer | string } | { kind: 'field'; name: string; value: string };

const file = (content: Buffer | string, fileName = 'catalog.json', name = 'file'): Part => ({ kind: 'file', name, fileName, content });

function partHead(part: Part): string {
  return part.kind === 'file'
    ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: application/json\r\n\r\n`
    : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
}

function body(...parts: Part[]): Buffer {
  const pieces = parts.flatMap((p) => [
    Buffer.from(partHead(p)),
    Buffer.from(p.kind === 'file' ? p.content : p.value),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...pieces, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** An incoming request: a stream with headers, fed by the test. */
function request(contentType = MULTIPART): PassThrough & { headers: IncomingHttpHeaders } {
  return Object.assign(new PassThrough(), { headers: { 'content-type': contentType } });
}

/** Sends the body in small pieces (as a network would), then ends the request. */
function send(req: PassThrough, data: Buffer, pieceBytes = 5): void {
  for (let at = 0; at < data.length; at += pieceBytes) req.write(data.subarray(at, at + pieceBytes));
  req.end();
}

/** The status, type and message a refused upload answers with. */
async function refusal(result: Promise<unknown>): Promise<{ status: number; type: string; message: string }> {
  const error: unknown = await result.then(
    () => {
      throw new Error('the upload was accepted');
    },
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw error;
  const { error: answer } = error.getResponse() as { error: { type: string; message: string } };
  return { status: error.getStatus(), type: answer.type, message: answer.message };
}

/** A sink that keeps what it was given, like the upload service storing chunks. */
function collecting() {
  const received: { fileName?: string; bytes: Buffer[]; error?: unknown } = { bytes: [] };
  const sink: FileSink = async (fileName, content) => {
    received.fileName = fileName;
    let size = 0;
    try {
      for await (const data of content) {
        received.bytes.push(data);
        size += data.length;
      }
    } catch (error) {
      received.error = error;
      throw error;
    }
    return size;
  };
  return { sink, received, content: () => Buffer.concat(received.bytes).toString() };
}

async function upload(data: Buffer, contentType = MULTIPART) {
  const req = request(contentType);
  const { sink, received, content } = collecting();
  const result = readFilePart(req, sink);
  send(req, data);
  return { result, received, content };
}

describe('readFilePart', () => {
  it('streams the one file part to the sink and resolves with its name and byte count; other fields are ignored', async () => {
    const catalog = JSON.stringify([
      { id: 'a', title: 'A' },
      { id: 'b', title: 'Bé' },
    ]);
    const req = request();
    const { sink, received, content } = collecting();
    const result = readFilePart(req, sink);
    const data = body({ kind: 'field', name: 'note', value: 'x' }, file(catalog, 'nightly.JSON'));
    for (let at = 0; at < data.length; at += 16) {
      req.write(data.subarray(at, at + 16));
      await new Promise((resolve) => setImmediate(resolve));
    }
    req.end();

    await expect(result).resolves.toEqual({ fileName: 'nightly.JSON', size: Buffer.byteLength(catalog) });
    expect(content()).toBe(catalog);
    expect(received.bytes.length).toBeGreaterThan(1); // handed over as it arrived, not as one buffer
  });

  it('refuses a body that is not multipart/form-data with 415, without calling the sink', async () => {
    const { result, received } = await upload(Buffer.from('[]'), 'application/json');
    await expect(result).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
    expect(received.fileName).toBeUndefined();
  });

  it.each([
    ['no file part', body({ kind: 'field', name: 'file', value: '[]' }), 'The request has no file part named "file"'],
    ['a second file part', body(file('[]'), file('[]', 'b.json')), 'Exactly one file part named "file" is allowed'],
    ['a file part under another name', body(file('[]', 'catalog.json', 'upload')), 'Unexpected file part "upload"'],
    ['a name with a path', body(file('[]', 'dir/catalog.json')), 'The file name must not contain a path'],
    ['a name over 255 characters', body(file('[]', `${'a'.repeat(251)}.json`)), 'at most 255 characters without control characters'],
  ])('refuses %s with 422', async (_case, data, message) => {
    const { result } = await upload(data);
    await expect(result).rejects.toBeInstanceOf(ValidationError);
    await expect(refusal(result)).resolves.toMatchObject({ status: 422, type: 'validation', message: expect.stringContaining(message) });
  });

  it('refuses a malformed form with 400: no boundary, or a body cut off before its closing boundary', async () => {
    const noBoundary = await upload(body(file('[]')), 'multipart/form-data');
    await expect(noBoundary.result).rejects.toBeInstanceOf(BadRequestError);

    const whole = body(file('[1,2,3]'));
    const cut = await upload(whole.subarray(0, whole.length - 20));
    await expect(refusal(cut.result)).resolves.toMatchObject({
      status: 400,
      message: expect.stringContaining('Malformed multipart request'),
    });
  });

  it('refuses a file one byte over 50 MiB with 413, and the sink stops receiving', async () => {
    const req = request();
    const { sink, received } = collecting();
    const result = readFilePart(req, sink);
    req.write(partHead(file('')));
    const piece = Buffer.alloc(1_048_576, 0x20);
    for (let sent = 0; sent < MAX_FILE_BYTES; sent += piece.length) req.write(piece);
    req.write(' ');
    req.end(`\r\n--${BOUNDARY}--\r\n`);

    await expect(refusal(result)).resolves.toMatchObject({ status: 413, type: 'payload_too_large' });
    expect(received.error).toBeInstanceOf(PayloadTooLargeError);
    expect(received.bytes.reduce((n, b) => n + b.length, 0)).toBeLessThanOrEqual(MAX_FILE_BYTES);
  });

  it('accepts a file of exactly 50 MiB', async () => {
    const req = request();
    const { sink } = collecting();
    const result = readFilePart(req, sink);
    req.write(partHead(file('')));
    const piece = Buffer.alloc(1_048_576, 0x20);
    for (let sent = 0; sent < MAX_FILE_BYTES; sent += piece.length) req.write(piece);
    req.end(`\r\n--${BOUNDARY}--\r\n`);

    await expect(result).resolves.toEqual({ fileName: 'catalog.json', size: MAX_FILE_BYTES });
  });

  it('rejects with the sink’s own error when storing fails', async () => {
    const req = request();
    const result = readFilePart(req, async (_name, content) => {
      for await (const _data of content) throw new Error('database gone');
      return 0;
    });
    send(req, body(file('[1,2,3]')));
    await expect(result).rejects.toThrow('database gone');
  });

  it('rejects with 400 when the client goes away mid-body, and the sink’s stream fails', async () => {
    const req = request();
    const { sink, received } = collecting();
    const result = readFilePart(req, sink);
    req.write(partHead(file('')) + '[1,2,');
    await new Promise((resolve) => setImmediate(resolve));
    req.destroy();

    await expect(refusal(result)).resolves.toMatchObject({ status: 400, message: 'The upload was aborted by the client' });
    expect(received.error).toBeDefined();
  });

  it('cuts off an upload slower than the minimum rate with 408 after the grace window', async () => {
    const req = request();
    const { sink } = collecting();
    const rate: MinimumRateSettings = { bytesPerSecond: 1_000_000, windowMs: 20 };
    const result = readFilePart(req, sink, rate);
    req.write(partHead(file('')) + '[1,'); // then nothing more arrives

    await expect(result).rejects.toBeInstanceOf(RequestTimeoutError);
    await expect(refusal(result)).resolves.toMatchObject({ status: 408, message: expect.stringContaining('slower than 1000000 bytes/s') });
  });
});
