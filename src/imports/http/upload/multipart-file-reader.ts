import busboy from 'busboy';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import {
  BadRequestError,
  PayloadTooLargeError,
  RequestTimeoutError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../../common/errors/api-error';
import { isStorableString } from '../../../common/text/storable-string';
import { MinimumRate, type MinimumRateSettings } from './minimum-rate';
import { MAX_FILE_BYTES, MULTIPART_LIMITS } from './upload-limits';

export interface FileSink {
  /** Called once for the single `file` part; must consume the stream. Returns the bytes written. */
  (fileName: string, content: AsyncIterable<Buffer>, contentType: string): Promise<number>;
}

/**
 * Streams a multipart/form-data request and hands its one `file` part (with its name and content type) to
 * the sink without buffering it. Everything else about the form is checked here and refused with
 * the documented status: 415 not multipart, 400 malformed, 413 too large, 422 wrong parts, and
 * 408 when the body arrives slower than `minimumRate` (the sink's work is then abandoned at once).
 * Resolves with the sink's byte count once the whole body has been read.
 */
export function readFilePart(
  request: Readable & { headers: IncomingHttpHeaders },
  sink: FileSink,
  minimumRate: MinimumRateSettings = { bytesPerSecond: 0, windowMs: 1_000 },
): Promise<{ fileName: string; size: number }> {
  if (!/^multipart\/form-data\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
    return Promise.reject(new UnsupportedMediaTypeError('The upload must be sent as multipart/form-data with a part named "file"'));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy's own limit is a backstop one byte above ours; the byte count in guard() decides.
      // preservePath: keep any directory part of the name so it can be refused, not silently stripped.
      parser = busboy({ headers: request.headers, preservePath: true, limits: { ...MULTIPART_LIMITS, fileSize: MAX_FILE_BYTES + 1 } });
    } catch (error) {
      reject(new BadRequestError(`Malformed multipart request: ${(error as Error).message}`));
      return;
    }
    let failure: Error | undefined;
    let fileWork: Promise<number> | undefined;
    let fileName = '';
    const fail = (error: Error) => {
      failure ??= error;
    };

    parser.on('file', (name, stream, info) => {
      // Errors reach the sink through its iterator; this keeps one arriving before it starts from crashing the process.
      stream.on('error', () => undefined);
      if (failure || fileWork || name !== 'file') {
        if (!failure)
          fail(
            new ValidationError(
              name === 'file'
                ? 'Exactly one file part named "file" is allowed'
                : `Unexpected file part "${name}"; send the catalog in a part named "file"`,
            ),
          );
        stream.resume();
        return;
      }
      fileName = info.filename ?? '';
      const problem = fileNameProblem(fileName);
      if (problem) {
        fail(new ValidationError(problem));
        stream.resume();
        return;
      }
      const tooLarge = () => fail(new PayloadTooLargeError(`The file exceeds ${MAX_FILE_BYTES.toLocaleString('en-US')} bytes (50 MiB)`));
      stream.on('limit', tooLarge);
      fileWork = sink(
        fileName,
        guard(stream, () => failure, tooLarge),
        info.mimeType ?? '',
      );
      fileWork.catch((error: Error) => {
        fail(error);
        stream.resume();
      });
    });
    parser.on('partsLimit', () => fail(new BadRequestError(`Too many form parts (limit ${MULTIPART_LIMITS.parts})`)));
    parser.on('filesLimit', () => fail(new ValidationError('Exactly one file part named "file" is allowed')));
    parser.on('fieldsLimit', () => fail(new BadRequestError(`Too many form fields (limit ${MULTIPART_LIMITS.fields})`)));
    parser.on('error', (error: Error) => {
      fail(new BadRequestError(`Malformed multipart request: ${error.message}`));
      void finish();
    });
    parser.on('close', () => void finish());
    request.on('close', () => {
      // The client went away mid-body: end the parser (and the file stream) so nothing waits forever.
      if (request.readableEnded) return;
      fail(new BadRequestError('The upload was aborted by the client'));
      parser.destroy(new Error('request aborted'));
    });

    // A client trickling bytes would hold its slot and database transaction for the whole request
    // timeout; below the minimum rate it is cut off, and the transaction rolls back.
    const rate = new MinimumRate(minimumRate);
    const rateCheck = rate.enabled
      ? setInterval(() => {
          if (!rate.windowEnded()) return;
          fail(
            new RequestTimeoutError(
              `The upload arrived slower than ${minimumRate.bytesPerSecond} bytes/s over ${minimumRate.windowMs / 1000} s ` +
                'and was aborted; nothing was stored',
            ),
          );
          parser.destroy(new Error('upload too slow'));
        }, minimumRate.windowMs)
      : undefined;
    if (rate.enabled) request.on('data', (data: Buffer) => rate.received(data.length));

    let finished = false;
    async function finish(): Promise<void> {
      if (finished) return;
      finished = true;
      clearInterval(rateCheck);
      const size = await fileWork?.catch(() => undefined);
      if (failure) return reject(failure);
      if (fileWork === undefined || size === undefined) {
        return reject(new ValidationError('The request has no file part named "file"'));
      }
      resolve({ fileName, size });
    }
    request.pipe(parser);
  });
}

/**
 * Stops the sink from storing anything more once the request has failed (e.g. the size limit).
 * The file stream is never destroyed from here: busboy only finishes the form once every file
 * stream has ended, so a failed one is drained (resume) instead.
 */
async function* guard(stream: Readable, failed: () => Error | undefined, tooLarge: () => void): AsyncIterable<Buffer> {
  let size = 0;
  for await (const data of stream.iterator({ destroyOnReturn: false })) {
    size += (data as Buffer).length;
    if (size > MAX_FILE_BYTES) tooLarge();
    const error = failed();
    if (error) throw error;
    yield data as Buffer;
  }
  const error = failed();
  if (error) throw error;
}

/** Why a file name is refused, or null. The name is stored with the job, so it must be plain text. */
function fileNameProblem(fileName: string): string | null {
  if (/[\\/]/.test(fileName)) return 'The file name must not contain a path';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(fileName) || !isStorableString(fileName) || fileName.length > 255) {
    return 'The file name must be at most 255 characters without control characters';
  }
  return null;
}
