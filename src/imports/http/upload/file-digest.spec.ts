import { createHash } from 'node:crypto';
import { FileDigest, hashOnly } from './file-digest';

async function* chunks(...parts: string[]): AsyncIterable<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

describe('FileDigest', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest();

  it('hashes the content across chunk boundaries and passes every chunk through', async () => {
    const digest = new FileDigest();
    const seen: string[] = [];
    for await (const data of digest.pass(chunks('[{"id"', ':"a"}', ']'))) seen.push(data.toString());
    expect(seen).toEqual(['[{"id"', ':"a"}', ']']);
    expect(digest.sha256).toEqual(sha256('[{"id":"a"}]'));
  });

  it('hashOnly reads to the end and returns the size', async () => {
    const digest = new FileDigest();
    await expect(hashOnly(chunks('ab', '', 'cde'), digest)).resolves.toBe(5);
    expect(digest.sha256).toEqual(sha256('abcde'));
  });

  it('has no digest for content that was not read to its end', async () => {
    const digest = new FileDigest();
    for await (const data of digest.pass(chunks('a', 'b'))) {
      expect(data.toString()).toBe('a');
      break;
    }
    expect(() => digest.sha256).toThrow(/not read to its end/);
  });
});
