import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';

const BOUNDARY = 'spec-boundary-7d3f';

/** An upload request as the controller hands it to ImportUploadService: one `file` part, streamed. */
export function multipartUpload(
  content: string,
  options: { fileName?: string; contentLength?: number } = {},
): Readable & { headers: IncomingHttpHeaders } {
  const body = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${options.fileName ?? 'catalog.json'}"\r\n`),
    Buffer.from('Content-Type: application/json\r\n\r\n'),
    Buffer.from(content),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const headers: IncomingHttpHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  if (options.contentLength !== undefined) headers['content-length'] = String(options.contentLength);
  return Object.assign(Readable.from([body]), { headers });
}
