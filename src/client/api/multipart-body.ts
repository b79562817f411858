import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { FEED_FORMAT_SIGNS, formatOfFileName, type FeedFormat } from '../../common/feeds/feed-format';

/** A multipart/form-data body with one file part named `file`, streamed from disk. */
export interface MultipartBody {
  contentType: string;
  /** Exact body length, so the service can refuse an oversized file from the headers alone. */
  contentLength: number;
  /** The body's bytes; the file is read in chunks as the connection takes them, never held whole. */
  stream(onFileBytes: (sent: number) => void): AsyncIterable<Uint8Array>;
}

const CHUNK_BYTES = 256 * 1024;

/**
 * The part's content type says the feed format: from `format` when given, else from the file name;
 * application/octet-stream when neither tells (the service then reads the first bytes).
 */
export function fileContentType(path: string, format?: FeedFormat): string {
  const told = format ?? formatOfFileName(basename(path));
  return told ? FEED_FORMAT_SIGNS[told].contentTypes[0] : 'application/octet-stream';
}

export function multipartFileBody(path: string, size: number, format?: FeedFormat): MultipartBody {
  const boundary = `----product-directory-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; ${fileNameParams(basename(path))}\r\n` +
      `Content-Type: ${fileContentType(path, format)}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength: head.length + size + tail.length,
    async *stream(onFileBytes) {
      yield head;
      let sent = 0;
      for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
        const bytes = chunk as Buffer;
        sent += bytes.length;
        yield bytes;
        onFileBytes(sent);
      }
      yield tail;
    },
  };
}

/**
 * `filename="…"` with quotes, backslashes and line breaks made harmless, plus the RFC 5987
 * `filename*` form when the name is not plain ASCII (the quoted one then carries `_` for those characters).
 */
export function fileNameParams(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === name) return `filename="${name}"`;
  return `filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
