import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { FileFormatError } from '../parsing/file-format-error';
import { elementText, MAX_ELEMENT_BYTES, type RawElement } from '../raw-element';
import { feedReader } from './feed-readers';
import type { FeedFormat } from '../../../common/feeds/feed-format';

async function* chunksOf(text: string, size: number): AsyncIterable<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function read(format: FeedFormat, text: string, size = 7): Promise<RawElement[]> {
  const all: RawElement[] = [];
  for await (const elements of feedReader(format).read(chunksOf(text, size))) all.push(...elements);
  return all;
}

const products = (elements: RawElement[]) =>
  elements.map((e) => (e.failure ? { failure: e.failure, line: e.line } : JSON.parse(elementText(e)!)));

const expected = [
  {
    id: 'SKU-1',
    title: 'Wool sweater, "cosy"',
    price: { amount: 59.9, currency: 'EUR' },
    availability: 'in_stock',
    categories: ['Apparel > Knitwear'],
    attributes: { color: 'blue' },
  },
  { id: 'SKU-2', title: 'Scarf', availability: 'out_of_stock' },
];

describe('feed readers', () => {
  it('reads JSON Lines line by line, skipping blank lines, with CRLF and a BOM', async () => {
    const text = '\uFEFF' + expected.map((p) => JSON.stringify(p)).join('\r\n\n') + '\n';
    const elements = await read('jsonl', text);
    expect(products(elements)).toEqual(expected);
    expect(elements.map((e) => [e.index, e.line])).toEqual([
      [0, 1],
      [1, 3],
    ]);
  });

  it('reads CSV with dotted paths, list cells and mixed line endings', async () => {
    const text =
      'id,title,price.amount,price.currency,availability,categories,attributes.color\r\n' +
      'SKU-1,"Wool sweater, ""cosy""",59.90,EUR,in_stock,Apparel > Knitwear,blue\n' +
      'SKU-2,Scarf,,,out_of_stock,,\r';
    expect(products(await read('csv', text))).toEqual(expected);
  });

  it('reads a Google Merchant Center TSV feed with its attribute names', async () => {
    const text =
      'id\ttitle\tprice\tavailability\tproduct_type\tcolor\tshipping\n' +
      'SKU-1\tWool sweater, "cosy"\t59.90 EUR\tin stock\tApparel > Knitwear\tblue\tDE:::4.95 EUR\n' +
      'SKU-2\tScarf\t\tout_of_stock\t\t\t\n';
    expect(products(await read('gmc_tsv', text))).toEqual(expected);
  });

  it('reads Google Merchant Center RSS 2.0 and Atom XML feeds', async () => {
    const rss = `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>t</title>
<item><g:id>SKU-1</g:id><title><![CDATA[Wool sweater, "cosy"]]></title><g:price>59.90 EUR</g:price>
<g:availability>in stock</g:availability><g:product_type>Apparel &gt; Knitwear</g:product_type><g:color>blue</g:color>
<g:shipping><g:price>4.95 EUR</g:price></g:shipping></item>
<item><g:id>SKU-2</g:id><g:title>Scarf</g:title><g:availability>out_of_stock</g:availability></item></channel></rss>`;
    expect(products(await read('gmc_xml', rss))).toEqual(expected);
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">
<entry><g:id>SKU-2</g:id><title>Scarf</title><link href="https://example.com/scarf"/><g:availability>out of stock</g:availability></entry></feed>`;
    expect(products(await read('gmc_xml', atom))).toEqual([
      { id: 'SKU-2', title: 'Scarf', url: 'https://example.com/scarf', availability: 'out_of_stock' },
    ]);
  });

  it('fails one CSV row with another column count, and keeps reading', async () => {
    const elements = await read('csv', 'id,title\na,A\nb,B,extra\nc,C\n');
    expect(products(elements)).toEqual([
      { id: 'a', title: 'A' },
      { failure: 'row has 3 columns; the header has 2', line: 3 },
      { id: 'c', title: 'C' },
    ]);
  });

  it.each([
    ['csv', ','],
    ['gmc_tsv', '\t'],
  ] as const)('%s: fails a row over 256 KiB alone, with the line it begins on, and reads the rows after it', async (format, d) => {
    const row = (id: string, size: number) => {
      const head = `${id}${d}"`;
      return `${head}${'y'.repeat(size - head.length - 1)}"`;
    };
    const over = row('big', MAX_ELEMENT_BYTES + 1).replace('yyy', 'y\ny'); // a quoted line break inside it
    const text = `id${d}title\n${row('a', 100)}\r\n${over}\r\n${row('b', MAX_ELEMENT_BYTES)}\n${row('c', 10)}`;
    for (const size of [7, 65_536, 1 << 20]) {
      const elements = await read(format, text, size);
      expect(elements.map((e) => [e.index, e.line, e.failure ?? JSON.parse(elementText(e) ?? '{}').id ?? null])).toEqual([
        [0, 2, 'a'],
        [1, 3, `row is over 262,144 bytes (256 KiB): it passes the limit in column 2 (title) and is not read`],
        // At the limit the row is read; its product is then over the limit (its JSON is larger).
        [2, 5, null],
        [3, 6, 'c'],
      ]);
      expect([elements[2].oversized, elements[2].failure]).toEqual([true, undefined]);
    }
  });

  it('fails the file when the header row is over 256 KiB', async () => {
    const text = `id,${'t'.repeat(MAX_ELEMENT_BYTES)}\na,b\n`;
    await expect(read('csv', text, 65_536)).rejects.toThrow('The header row cannot be read as CSV: it is over 262,144 bytes (256 KiB)');
  });

  it('refuses XML with a document type declaration: no entity is ever expanded', async () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><rss><channel><item><g:id>&lol2;</g:id></item></channel></rss>`;
    await expect(read('gmc_xml', bomb)).rejects.toThrow(/document type declaration/);
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel><item><g:id>&xxe;</g:id></item></channel></rss>`;
    await expect(read('gmc_xml', xxe)).rejects.toBeInstanceOf(FileFormatError);
  });

  it.each(['csv', 'gmc_tsv', 'gmc_xml'] as const)('%s: the scan pass (count only) counts what the apply pass reads', async (format) => {
    const text =
      format === 'csv'
        ? 'id,title\na,A\nb,B,extra\nc,"C\n'
        : format === 'gmc_tsv'
          ? 'id\ttitle\na\tA\nb\n'
          : '<rss><item/><item><g:id>x</g:id></item></rss>';
    const counting = feedReader(format, { countOnly: true });
    for await (const elements of counting.read(chunksOf(text, 5))) expect(elements.filter((e) => e.failure === undefined)).toEqual([]);
    expect(counting.count).toBe((await read(format, text)).length);
    expect(counting.count).toBeGreaterThan(1);
  });

  it('counts in the scan pass exactly the elements the apply pass reads, for any rows after a header', async () => {
    const rows = fc
      .array(fc.constantFrom('a', ',', '\t', '"', '""', '\r', '\n', '\r\n', 'é', 'x'.repeat(40)), { maxLength: 80 })
      .map((pieces) => pieces.join(''));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('csv' as const, 'gmc_tsv' as const),
        rows,
        fc.integer({ min: 1, max: 64 }),
        async (format, body, size) => {
          const text = `${format === 'csv' ? 'id,title' : 'id\ttitle'}\n${body}`;
          const counting = feedReader(format, { countOnly: true });
          for await (const elements of counting.read(chunksOf(text, size))) void elements;
          expect(counting.count).toBe((await read(format, text, size)).length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('hands the pipeline each mapped product as the parse of its own JSON would give it, or only its id when it was found valid (so it is not parsed again)', async () => {
    const cell = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('-0', '-0.00', '0', '15.00', '1'.repeat(400), '1e3', ' 7 ', 'NaN', 'Infinity', '__proto__', 'constructor'),
      fc.integer().map(String),
    );
    const csvColumns = [
      'id',
      'title',
      'price.amount',
      'price.currency',
      'inventory_quantity',
      'tags',
      'attributes.__proto__',
      'attributes.constructor',
    ];
    const gmcColumns = [
      'id',
      'title',
      'price',
      'sale_price',
      'availability',
      'additional_image_link',
      'color',
      'product_type',
      'product_type',
    ];
    const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;
    const xmlText = (text: string) =>
      text
        .replace(/[^\x20-\x7e]/g, '')
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(cell, { minLength: 9, maxLength: 9 }), { minLength: 1, maxLength: 5 }), async (rows) => {
        const csv = [csvColumns.join(','), ...rows.map((r) => r.slice(0, csvColumns.length).map(quote).join(','))].join('\n');
        const tsv = [gmcColumns.join('\t'), ...rows.map((r) => r.map((c) => c.replace(/[\t\r\n"]/g, ' ')).join('\t'))].join('\n');
        const xml = `<rss><channel>${rows.map((r) => `<item>${r.map((c, k) => `<g:${gmcColumns[k]}>${xmlText(c)}</g:${gmcColumns[k]}>`).join('')}</item>`).join('')}</channel></rss>`;
        for (const [format, text] of [
          ['csv', csv],
          ['gmc_tsv', tsv],
          ['gmc_xml', xml],
        ] as const) {
          for (const element of await read(format, text, 13)) {
            if (element.failure !== undefined) continue;
            const parsed = JSON.parse(elementText(element)!) as Record<string, unknown>;
            // A row found valid as read keeps only its id (mapped-element.ts); any other keeps its object.
            if (element.validId !== undefined) {
              expect(element.mapped).toBeUndefined();
              expect(parsed.id).toBe(element.validId);
            } else expect(isDeepStrictEqual(element.mapped, parsed)).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fails the file on invalid UTF-8', async () => {
    const bytes = Buffer.concat([Buffer.from('id,title\na,'), Buffer.from([0xff]), Buffer.from('\n')]);
    const reader = feedReader('csv');
    const run = async () => {
      for await (const elements of reader.read(
        (async function* () {
          yield bytes;
        })(),
      ))
        void elements;
    };
    await expect(run()).rejects.toMatchObject({ type: 'invalid_utf8' });
  });
});
