import type { ImportErrorsPage, ImportJob } from '../api/types';
import { clip, formatBytes, formatDuration, formatErrors, formatJob, formatProducts, processedCount } from './format';

const job = (over: Partial<ImportJob> = {}): ImportJob => ({
  job_id: '3f0c5a1e-0000-4000-8000-000000000001',
  status: 'done',
  total: 59_564,
  indexed_count: 58_000,
  failed_count: 1_182,
  skipped_count: 382,
  progress: 59_182,
  started_at: '2026-11-26T07:00:00.000Z',
  completed_at: '2026-11-26T07:00:08.590Z',
  ...over,
});

describe('client formatting', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1536, '1.5 KiB'],
    [52_428_800, '50.0 MiB'],
    [3 * 1024 ** 3, '3.0 GiB'],
  ])('formatBytes(%i) = %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));

  it.each([
    [950, '0.9 s'],
    [75_000, '1 min 15 s'],
    [3_725_000, '1 h 2 min'],
    [-1, '–'],
    [Infinity, '–'],
  ])('formatDuration(%d) = %s', (ms, text) => expect(formatDuration(ms)).toBe(text));

  it('counts skipped elements as processed (the spec progress leaves them out)', () => {
    expect(processedCount(job())).toBe(59_564);
  });

  it('prints the counters aligned, with the run time of a finished job', () => {
    expect(formatJob(job())).toEqual([
      'Import 3f0c5a1e-0000-4000-8000-000000000001: done in 8.6 s',
      '  total    59,564',
      '  indexed  58,000',
      '  skipped     382',
      '  failed    1,182',
    ]);
    expect(formatJob(job({ status: 'pending', completed_at: null, started_at: null }))[0]).toBe(
      'Import 3f0c5a1e-0000-4000-8000-000000000001: pending',
    );
  });

  it('lists failed products with their field errors, says how many there are, and explains a failed file', () => {
    const page: ImportErrorsPage = {
      job_id: 'j',
      failure: null,
      failed_count: 3,
      error_details_kept: 3,
      data: [
        { index: 2, product_id: 'SKU-BAD', errors: [{ field: 'title', message: 'must be a string of 1 to 150 characters' }] },
        { index: 5, product_id: null, errors: [{ field: '', message: 'must be a JSON object' }] },
      ],
      next_cursor: 'c',
    };
    expect(formatErrors(page)).toEqual([
      'Failed products (first 2 of 3):',
      '  #2 SKU-BAD',
      '      title: must be a string of 1 to 150 characters',
      '  #5 (no usable id)',
      '      (element): must be a JSON object',
    ]);
    const failed = { ...page, failure: { type: 'invalid_json', message: 'Unexpected end at byte 9' }, failed_count: 0, data: [] };
    expect(formatErrors(failed)).toEqual(['The file could not be imported (invalid_json): Unexpected end at byte 9']);
    expect(formatErrors({ ...page, failed_count: 7, data: [] })).toEqual([
      '7 failed products; no details kept (IMPORT_ERROR_DETAILS_LIMIT)',
    ]);
    expect(formatErrors({ ...page, failed_count: 0, data: [] })).toEqual(['No errors.']);
  });

  it('prints search results as a table clipped to the width, with the next cursor', () => {
    const lines = formatProducts(
      {
        data: [
          { id: 'SKU-10042', title: 'Merino Wool Crew Sweater', price: { amount: 89, currency: 'EUR' }, availability: 'in_stock' },
          { id: '10043', title: 'x'.repeat(200) },
        ],
        next_cursor: 'abc',
      },
      80,
    );
    expect(lines[0]).toMatch(/^ID\s+TITLE\s+PRICE\s+AVAILABILITY$/);
    expect(lines[1]).toMatch(/^SKU-10042\s+Merino Wool Crew Sweater\s+89 EUR\s+in_stock$/);
    expect(lines[2]).toContain('…');
    expect(lines.every((line) => line.length <= 80)).toBe(true);
    expect(lines.at(-1)).toBe('… more: --cursor abc');
    expect(formatProducts({ data: [], next_cursor: null })).toEqual(['No products found.']);
    expect(clip('abcdef', 4)).toBe('abc…');
  });
});
