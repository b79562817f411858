import type { ImportJob } from '../api/types';
import { LineProgress, processingText, progressMode } from './progress';
import { RateMeter } from './rate-meter';

const job = (over: Partial<ImportJob>): ImportJob => ({
  job_id: 'j',
  status: 'processing',
  total: 1000,
  indexed_count: 0,
  failed_count: 0,
  skipped_count: 0,
  progress: 0,
  started_at: null,
  completed_at: null,
  ...over,
});

describe('client progress', () => {
  it('draws bars only when stdout and stderr are terminals, and nothing with --json', () => {
    expect(progressMode({ json: false, stdoutIsTTY: true, stderrIsTTY: true })).toBe('bars');
    expect(progressMode({ json: false, stdoutIsTTY: false, stderrIsTTY: true })).toBe('lines');
    expect(progressMode({ json: false, stdoutIsTTY: true, stderrIsTTY: false })).toBe('lines');
    expect(progressMode({ json: true, stdoutIsTTY: true, stderrIsTTY: true })).toBe('none');
  });

  it('measures the average rate since the first sample and the time left at it', () => {
    let now = 0;
    const meter = new RateMeter(() => now);
    meter.sample(0);
    expect(meter.perSecond()).toBeNull();
    now = 2_000;
    meter.sample(400);
    expect(meter.perSecond()).toBe(200);
    expect(meter.etaMs(1000)).toBe(3_000);
    expect(processingText(job({ indexed_count: 300, skipped_count: 90, failed_count: 10 }), meter)).toBe(
      '400/1,000 | skipped 90 | failed 10 | 200/s | ETA 3.0 s',
    );
    now = 5_000;
    meter.sample(1000);
    expect(processingText(job({ status: 'done', indexed_count: 900, skipped_count: 90, failed_count: 10 }), meter)).toBe(
      '1,000/1,000 | skipped 90 | failed 10 | 200/s',
    );
  });

  it('writes plain lines at phase changes and at most one per interval in between, none for the end', () => {
    let now = 0;
    const lines: string[] = [];
    const progress = new LineProgress(
      (line) => lines.push(line),
      () => now,
      5_000,
    );
    progress.uploadStarted(2048);
    now = 1_000;
    progress.uploadProgress(1024); // within the interval: dropped
    now = 6_000;
    progress.uploadProgress(2048);
    progress.uploadDone('job-1');
    progress.job(job({ status: 'pending', total: 0 }));
    now = 7_000;
    progress.job(job({ indexed_count: 100 })); // status changed: printed at once
    now = 8_000;
    progress.job(job({ indexed_count: 200 })); // same status, within the interval: dropped
    progress.job(job({ status: 'done', indexed_count: 1000 }));
    expect(lines).toEqual([
      'upload: 2.0 KiB',
      'upload: 2.0 KiB / 2.0 KiB (100%), 341 B/s',
      'upload: done, job job-1',
      'import: queued, waiting for a worker',
      'import: processing 100/1,000 | skipped 0 | failed 0 | –/s | ETA –',
    ]);
    expect(lines.join('')).not.toContain('\u001b');
  });
});
