import type { ImportJob } from '../jobs/entities/import-job.entity';
import { ImportJobReportDto } from './import-report.dto';
import { importJobRow } from '../jobs/testing/import-job-row';

/** The fields these specs compare: a stored size, a position and a fixed creation time. */
const job = (overrides: Partial<ImportJob>): ImportJob =>
  importJobRow({ fileSize: 12, seq: 1, createdAt: new Date('2026-11-26T07:00:00.000Z'), ...overrides });

describe('ImportJobReportDto.fromJob', () => {
  const now = new Date('2026-11-26T07:00:10.000Z');

  it('has no duration before the job started, and a null sha256 for jobs without a recorded hash', () => {
    const report = ImportJobReportDto.fromJob(job({}), 0, now);
    expect(report.duration_ms).toBeNull();
    expect(report.file).toEqual({ name: 'f.json', bytes: 12, sha256: null });
    expect(report.failure).toBeNull();
  });

  it('counts a running job up to now and a finished one up to completed_at', () => {
    const startedAt = new Date('2026-11-26T07:00:01.500Z');
    expect(ImportJobReportDto.fromJob(job({ status: 'processing', startedAt }), 0, now).duration_ms).toBe(8_500);
    const completedAt = new Date('2026-11-26T07:00:02.250Z');
    expect(ImportJobReportDto.fromJob(job({ status: 'done', startedAt, completedAt }), 0, now).duration_ms).toBe(750);
  });

  it('shows the failure only for a failed job, the hash in hex and the cancel request time', () => {
    const cancelRequestedAt = new Date('2026-11-26T07:00:05.000Z');
    const failed = job({
      status: 'failed',
      failureType: 'cancelled',
      failureMessage: 'Cancelled on request before processing started; nothing was applied',
      fileSha256: Buffer.alloc(32, 0xab),
      cancelRequestedAt,
      mode: 'replace',
    });
    const report = ImportJobReportDto.fromJob(failed, 3, now);
    expect(report.failure).toEqual({ type: 'cancelled', message: 'Cancelled on request before processing started; nothing was applied' });
    expect(report.file.sha256).toBe('ab'.repeat(32));
    expect(report.cancel_requested_at).toBe('2026-11-26T07:00:05.000Z');
    expect(report).toMatchObject({ mode: 'replace', error_details_kept: 3, deleted_count: 0 });
  });
});
