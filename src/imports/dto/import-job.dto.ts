import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { IMPORT_JOB_STATUSES, type ImportJobStatus } from '../jobs/entities/import-job-status';
import type { ImportJob } from '../jobs/entities/import-job.entity';

/** The ImportJob resource of the API contract: exactly nine fields, all always present. */
@ApiSchema({ name: 'ImportJob' })
export class ImportJobDto {
  @ApiProperty({ format: 'uuid', description: 'Unique import job identifier', example: '3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10' })
  job_id: string;

  @ApiProperty({ enum: IMPORT_JOB_STATUSES, enumName: 'ImportJobStatus', description: 'Current job status', example: 'processing' })
  status: ImportJobStatus;

  @ApiProperty({
    type: 'integer',
    description: 'Number of elements in the uploaded array; 0 until processing has counted them',
    example: 1200,
  })
  total: number;

  @ApiProperty({ type: 'integer', description: 'Products inserted or changed by this import so far', example: 640 })
  indexed_count: number;

  @ApiProperty({ type: 'integer', description: 'Elements that were not valid products or could not be stored', example: 3 })
  failed_count: number;

  @ApiProperty({ type: 'integer', description: 'Valid products identical to what the catalog already holds (not rewritten)', example: 157 })
  skipped_count: number;

  @ApiProperty({ type: 'integer', description: 'indexed_count + failed_count (skipped_count is not part of it)', example: 643 })
  progress: number;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When processing started; null before',
    example: '2026-11-25T10:15:30.123Z',
  })
  started_at: string | null;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When the job became done or failed; null before',
    example: null,
  })
  completed_at: string | null;

  static from(job: ImportJob): ImportJobDto {
    return {
      job_id: job.id,
      status: job.status,
      total: job.total,
      indexed_count: job.indexedCount,
      failed_count: job.failedCount,
      skipped_count: job.skippedCount,
      progress: job.indexedCount + job.failedCount,
      started_at: job.startedAt?.toISOString() ?? null,
      completed_at: job.completedAt?.toISOString() ?? null,
    };
  }
}
