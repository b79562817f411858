import { MAX_FILE_BYTES } from './env';
import { type Shape, written } from './shapes';

/**
 * The hostile feeds of the other upload formats, each at the 50 MiB limit: XML entity bombs and
 * external entities (refused: no DTD is ever processed), and the CSV shapes that strain a parser.
 */

const RSS_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const RSS_OPEN = '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>t</title>\n';
const RSS_CLOSE = '</channel></rss>\n';
const rssItem = (id: string, text: string) => `<item><g:id>${id}</g:id><title>${text}</title></item>\n`;

/** Items up to the size limit once `close` is written; each is a valid product unless the file is refused. */
async function fillItems(w: Parameters<Parameters<typeof written>[2]>[0], prefix: string, text: string, close: string): Promise<void> {
  for (let i = 0; ; i++) {
    const item = rssItem(`${prefix}-${i}`, text);
    if (w.bytes + item.length + close.length > MAX_FILE_BYTES) break;
    await w.item(item, true);
  }
  await w.padTo(MAX_FILE_BYTES, close);
}

/** "Billion laughs": ten levels of ten references, used in every item (a gigabyte if ever expanded). */
const xmlEntityBomb = written(
  'xml-entity-bomb',
  'XML entity-expansion bomb (50 MiB)',
  async (w) => {
    const levels = Array.from({ length: 9 }, (_, k) => `<!ENTITY lol${k + 1} "${`&lol${k};`.repeat(10)}">`);
    await w.raw(`${RSS_HEAD}<!DOCTYPE rss [<!ENTITY lol0 "lol">${levels.join('')}]>\n${RSS_OPEN}`);
    await fillItems(w, 'bomb', '&lol9;', RSS_CLOSE);
  },
  { fileFailure: 'invalid_feed', extension: '.xml' },
);

/** External entities (a local file, a URL nobody answers, a parameter entity): none may be resolved. */
const xmlExternalEntity = written(
  'xml-xxe',
  'XML external entities (50 MiB)',
  async (w) => {
    await w.raw(
      `${RSS_HEAD}<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd"><!ENTITY web SYSTEM "http://127.0.0.1:9/x">` +
        `<!ENTITY % remote SYSTEM "http://127.0.0.1:9/dtd"> %remote;]>\n${RSS_OPEN}`,
    );
    await fillItems(w, 'xxe', '&xxe;&web;', RSS_CLOSE);
  },
  { fileFailure: 'invalid_feed', extension: '.xml' },
);

const CSV_HEADER = 'id,title,price.amount,price.currency\r\n';
const csvRow = (id: string) => `${id},Product ${id},19.99,EUR\r\n`;

/**
 * Valid rows, then one whose quoted field never closes: it takes the rest of the 50 MiB, and fails
 * alone as a row over 256 KiB, its bytes dropped as they are read.
 */
const csvUnterminatedQuote = written(
  'csv-unterminated-quote',
  'CSV unterminated quote holding the rest of the file',
  async (w) => {
    await w.raw(CSV_HEADER);
    for (let i = 0; i < 10_000; i++) await w.item(csvRow(`uq-${i}`), true);
    await w.item('uq-open,"never closed', false);
    const filler = `${csvRow('swallowed')}`.repeat(4096);
    while (w.bytes + filler.length <= MAX_FILE_BYTES) await w.raw(filler);
    await w.padTo(MAX_FILE_BYTES, '', '\n'); // inside the open quote: part of the failed row
  },
  { extension: '.csv' },
);

/** One row with a 40 MiB field among valid rows: it fails alone (over 256 KiB, never held); the rows after it import. */
const csvHugeField = written(
  'csv-40mib-field',
  'CSV row with a 40 MiB field',
  async (w) => {
    await w.raw(CSV_HEADER);
    let i = 0;
    for (; i < 20_000; i++) await w.item(csvRow(`hf-${i}`), true);
    const block = 'x'.repeat(1 << 20);
    await w.raw('hf-huge,"');
    for (let k = 0; k < 40; k++) await w.raw(block);
    await w.item('",1,EUR\r\n', false);
    for (; ; i++) {
      const row = csvRow(`hf-${i}`);
      if (w.bytes + row.length > MAX_FILE_BYTES) break;
      await w.item(row, true);
    }
    await w.padTo(MAX_FILE_BYTES, '', '\n'); // blank lines: no rows
  },
  { extension: '.csv' },
);

/** Rows of a million empty columns (1 MB) between valid rows: each fails alone (over 256 KiB, never parsed). */
const csvMillionColumns = written(
  'csv-million-columns',
  'CSV rows of a million empty columns',
  async (w) => {
    await w.raw(CSV_HEADER);
    const wide = `mc-wide,t${','.repeat(1_000_000)}\r\n`;
    for (let i = 0; ; i++) {
      const row = i % 100 === 99 ? wide : csvRow(`mc-${i}`);
      if (w.bytes + row.length > MAX_FILE_BYTES) break;
      await w.item(row, row === wide ? false : true);
    }
    await w.padTo(MAX_FILE_BYTES, '', '\n'); // blank lines: no rows
  },
  { extension: '.csv' },
);

/** 50 MiB of valid rows of a realistic size (≈800 bytes, a description) ending in CRLF, LF and CR in turn. */
const csvMixedLineEndings = written(
  'csv-mixed-line-endings',
  'CSV with CRLF, LF and CR line endings mixed',
  async (w) => {
    const endings = ['\r\n', '\n', '\r'];
    const description = `"A soft, breathable knit; ""care"": wash cold. ${'Merino wool, recycled polyester. '.repeat(22)}"`;
    await w.raw('id,title,description,price.amount,price.currency\n');
    for (let i = 0; ; i++) {
      const row = `ml-${i},Product ${i},${description},19.99,EUR${endings[i % 3]}`;
      if (w.bytes + row.length > MAX_FILE_BYTES) break;
      await w.item(row, true);
    }
    await w.padTo(MAX_FILE_BYTES, '', '\n'); // blank lines: no rows
  },
  { extension: '.csv', version: 2 },
);

export const FEED_SHAPES: Shape[] = [
  xmlEntityBomb,
  xmlExternalEntity,
  csvUnterminatedQuote,
  csvHugeField,
  csvMillionColumns,
  csvMixedLineEndings,
];
