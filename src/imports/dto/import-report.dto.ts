import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ImportFailureDto } from './import-errors-page.dto';
import { ImportJobDto } from './import-job.dto';
import { IMPORT_MODES, type ImportMode } from '../jobs/entities/import-job-status';
import type { ImportJob } from '../jobs/entities/import-job.entity';

@ApiSchema({ name: 'ImportFile' })
export class ImportFileDto {
  @ApiProperty({ description: 'File name as uploaded', example: 'catalog-2026-11-26.json' })
  name: string;

  @ApiProperty({ type: 'integer', description: 'Size of the file part in bytes', example: 52_428_800 })
  bytes: number;

  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'SHA-256 of the file content, hex (null for jobs uploaded before hashes were recorded)',
    example: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  })
  sha256: string | null;
}

/** The ImportJob (its nine fields unchanged) plus what an operator wants to know after the fact. */
@ApiSchema({ name: 'ImportJobReport' })
export class ImportJobReportDto extends ImportJobDto {
  @ApiProperty({ enum: IMPORT_MODES, enumName: 'ImportMode', description: 'How the file was applied', example: 'replace' })
  mode: ImportMode;

  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'de',
    description: "The upload's `language` (given to the file's products that name none); null when not given",
  })
  language: string | null;

  @ApiProperty({ type: ImportFileDto })
  file: ImportFileDto;

  @ApiProperty({
    type: 'integer',
    description: 'Products a replace import deleted because its file did not name them (0 for merge, and until the job is done)',
    example: 12,
  })
  deleted_count: number;

  @ApiProperty({
    type: ImportFailureDto,
    nullable: true,
    description: 'Why the job failed as a whole; null unless status is failed',
    example: {
      type: 'cancelled',
      message: 'Cancelled on request after 2,000 of 5,000 elements; the batches committed before it stay applied',
    },
  })
  failure: ImportFailureDto | null;

  @ApiProperty({
    type: 'integer',
    description: 'Failed elements whose error details /errors lists (at most IMPORT_ERROR_DETAILS_LIMIT; the rest are only counted)',
    example: 3,
  })
  error_details_kept: number;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'completed_at − started_at in ms; while processing, the time since started_at; null before it started',
    example: 8_590,
  })
  duration_ms: number | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When a cancel was requested; null if never',
    example: null,
  })
  cancel_requested_at: string | null;

  static fromJob(job: ImportJob, errorDetailsKept: number, now = new Date()): ImportJobReportDto {
    const end = job.completedAt ?? now;
    return {
      ...ImportJobDto.from(job),
      mode: job.mode,
      language: job.language,
      file: { name: job.fileName, bytes: job.fileSize, sha256: job.fileSha256?.toString('hex') ?? null },
      deleted_count: job.deletedCount,
      failure: job.status === 'failed' && job.failureType ? { type: job.failureType, message: job.failureMessage ?? '' } : null,
      error_details_kept: errorDetailsKept,
      duration_ms: job.startedAt ? Math.max(0, end.getTime() - job.startedAt.getTime()) : null,
      cancel_requested_at: job.cancelRequestedAt?.toISOString() ?? null,
    };
  }
}
