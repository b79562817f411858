import busboy from 'busboy';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileNameParams, multipartFileBody } from './multipart-body';

async function collect(iterable: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of iterable) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Parses a body the way the service does (busboy), answering the file part's name and bytes. */
function parse(contentType: string, body: Buffer): Promise<{ field: string; filename: string; content: Buffer }> {
  return new Promise((resolve, reject) => {
    const parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8' });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => resolve({ field, filename: info.filename ?? '', content: Buffer.concat(chunks) }));
    });
    parser.on('error', reject);
    Readable.from([body]).pipe(parser);
  });
}

describe('multipartFileBody', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pds-client-'));

  it('streams one "file" part that a multipart parser reads back byte for byte, with an exact Content-Length', async () => {
    const path = join(dir, 'catalog.json');
    const content = Buffer.from(`[${Array.from({ length: 40_000 }, (_, i) => `{"id":"p-${i}","title":"T"}`).join(',')}]`);
    writeFileSync(path, content);
    const body = multipartFileBody(path, content.length);
    const progress: number[] = [];
    const bytes = await collect(body.stream((sent) => progress.push(sent)));

    expect(bytes.length).toBe(body.contentLength);
    const part = await parse(body.contentType, bytes);
    expect(part).toMatchObject({ field: 'file', filename: 'catalog.json' });
    expect(part.content.equals(content)).toBe(true);
    // Read in chunks (never whole), each reported as it is handed over.
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(content.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('gives a non-ASCII file name an RFC 5987 form, and never lets a quote end the parameter', async () => {
    expect(fileNameParams('katalog.json')).toBe('filename="katalog.json"');
    expect(fileNameParams('a"b.json')).toBe(`filename="a_b.json"; filename*=UTF-8''a%22b.json`);
    const path = join(dir, 'Über "neu".json');
    writeFileSync(path, '[]');
    const body = multipartFileBody(path, 2);
    const part = await parse(body.contentType, await collect(body.stream(() => undefined)));
    expect(part.filename).toBe('Über "neu".json');
  });
});
