import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one `file` part, held in memory. */
export function multipartFile(content: Buffer, fileName: string): { body: Buffer; contentType: string } {
  const boundary = `----harness${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/json\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}
