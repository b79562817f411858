/** Hand-built multipart/form-data bodies, so every byte of the envelope can be got wrong on purpose. */

export const BOUNDARY = 'bad-input-boundary-7f3c';

export interface Part {
  name: string;
  /** Omitted: a plain field (no filename parameter). Use `rawDisposition` for anything stranger. */
  filename?: string;
  /** The whole Content-Disposition value, byte for byte (overrides name/filename). */
  rawDisposition?: string;
  /** The part's Content-Type value; default application/json for file parts, none for fields ('' = none). */
  contentType?: string;
  data: string | Buffer;
}

export function partBytes(part: Part, boundary = BOUNDARY): Buffer {
  const disposition =
    part.rawDisposition ?? `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
  const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` + contentTypeLine(part) + '\r\n';
  return Buffer.concat([
    Buffer.from(head, 'latin1'),
    Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'),
    Buffer.from('\r\n'),
  ]);
}

function contentTypeLine(part: Part): string {
  const value = part.contentType ?? (part.filename !== undefined || part.rawDisposition !== undefined ? 'application/json' : '');
  return value ? `Content-Type: ${value}\r\n` : '';
}

/** A complete body: every part, then the closing delimiter. */
export function multipartBody(parts: Part[], boundary = BOUNDARY): Buffer {
  return Buffer.concat([...parts.map((p) => partBytes(p, boundary)), Buffer.from(`--${boundary}--\r\n`)]);
}

export const contentType = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

/** A file part named "file" with the given name and content. */
export const filePart = (data: string | Buffer, filename = 'catalog.json'): Part => ({ name: 'file', filename, data });
