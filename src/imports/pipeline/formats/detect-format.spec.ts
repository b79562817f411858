import { detectFormat } from './detect-format';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('detectFormat', () => {
  it('takes the part content type first, then the file name, then the first bytes', () => {
    expect(detectFormat({ contentType: 'text/csv; charset=utf-8', fileName: 'feed.xml', firstBytes: bytes('[') })).toBe('csv');
    expect(detectFormat({ contentType: 'application/octet-stream', fileName: 'FEED.NDJSON', firstBytes: bytes('[') })).toBe('jsonl');
    expect(detectFormat({ contentType: 'text/plain', fileName: 'export.txt', firstBytes: bytes('id,title') })).toBe('gmc_tsv');
    expect(detectFormat({ contentType: '', fileName: 'feed', firstBytes: bytes('\uFEFF \r\n[{"id":1}]') })).toBe('json');
  });

  it.each([
    ['{"id":"a"}\n', 'jsonl'],
    ['<?xml version="1.0"?><rss/>', 'gmc_xml'],
    ['id\ttitle\tprice\n', 'gmc_tsv'],
    ['id,title\n"a, b",c\tx\n', 'csv'],
  ])('tells %j by its first bytes', (text, format) => {
    expect(detectFormat({ fileName: 'upload', firstBytes: bytes(text) })).toBe(format);
  });

  it.each([[''], ['   \n'], ['just words\nmore words']])('cannot tell %j', (text) => {
    expect(detectFormat({ contentType: 'application/octet-stream', fileName: 'upload.bin', firstBytes: bytes(text) })).toBeNull();
  });
});
