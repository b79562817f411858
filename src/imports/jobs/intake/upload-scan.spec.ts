import fc from 'fast-check';
import { feedReader } from '../../pipeline/formats/feed-readers';
import { UPLOAD_COUNT_MAX_STRETCH } from '../../pipeline/formats/gmc-xml-reader';
import { UploadScan } from './upload-scan';

/** The upload's count of `text` pushed in chunks of `size` bytes, as the intake pushes it. */
async function uploadCount(text: string, size: number): Promise<number | null> {
  const scan = new UploadScan();
  scan.use('gmc_xml');
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) scan.push(bytes.subarray(at, at + size));
  return scan.finish();
}

/** The worker's scan pass over the same text. */
async function workerCount(text: string): Promise<number> {
  const reader = feedReader('gmc_xml', { countOnly: true });
  async function* chunks() {
    yield Buffer.from(text, 'utf8');
  }
  for await (const elements of reader.read(chunks())) void elements;
  return reader.count;
}

const rss = (items: string[], before = '') =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>${before}${items.join('\n')}</channel></rss>`;

describe('UploadScan of a Google Merchant Center XML feed', () => {
  it('counts the items the worker scan counts, however the upload is chunked', async () => {
    const item = fc
      .record({ id: fc.string({ maxLength: 8 }), text: fc.string({ maxLength: 40 }), nested: fc.boolean(), atom: fc.boolean() })
      .map(({ id, text, nested, atom }) => {
        const body = `<g:id>${escape(id)}</g:id><title>${escape(text)}</title>${nested ? '<g:shipping><g:price>1 EUR</g:price></g:shipping>' : ''}`;
        return atom ? `<entry>${body}</entry>` : `<item>${body}</item>`;
      });
    await fc.assert(
      fc.asyncProperty(fc.array(item, { maxLength: 12 }), fc.integer({ min: 1, max: 64 }), async (items, size) => {
        const text = rss(items);
        expect(await uploadCount(text, size)).toBe(items.length);
        expect(await workerCount(text)).toBe(items.length);
      }),
      { numRuns: 300 },
    );
  });

  // Chunks of 64 KiB, of 1 MiB, and the whole file in one: the verdict must not depend on how the upload arrived.
  it.each([65_536, 1_048_576, 4_194_304])(
    'leaves the count to the worker past the longest stretch without a tag, and counts up to it (chunks of %p bytes)',
    async (size) => {
      // The stretch ends at the end of the closing tag: `</description>` is 14 characters.
      const within = rss(['<item><g:id>a</g:id></item>'], `<description>${'x'.repeat(UPLOAD_COUNT_MAX_STRETCH - 14)}</description>`);
      expect(await uploadCount(within, size)).toBe(1);
      for (const stretch of [
        `<description>${'x'.repeat(UPLOAD_COUNT_MAX_STRETCH - 13)}</description>`,
        `<!--${'x'.repeat(UPLOAD_COUNT_MAX_STRETCH)}-->`,
        `<link href="${'x'.repeat(UPLOAD_COUNT_MAX_STRETCH)}"/>`,
      ]) {
        const text = rss(['<item><g:id>a</g:id></item>'], stretch);
        expect(await uploadCount(text, size)).toBeNull();
        expect(await workerCount(text)).toBe(1);
      }
    },
  );

  it('gives no count for a file the worker fails: a DTD, XML that is not well-formed', async () => {
    expect(await uploadCount(`<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "b">]>${rss([]).slice(21)}`, 100)).toBeNull();
    expect(await uploadCount(rss(['<item><g:id>a</g:id>']), 100)).toBeNull();
  });
});

function escape(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
