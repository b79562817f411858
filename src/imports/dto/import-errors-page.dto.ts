import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IMPORT_FAILURE_TYPES } from '../jobs/entities/import-job-status';

@ApiSchema({ name: 'FieldError' })
export class FieldErrorDto {
  @ApiProperty({ description: 'JSON path of the offending field; "" for the element as a whole', example: 'price.currency' })
  field: string;

  @ApiProperty({ example: 'must be an ISO 4217 currency code in upper case (e.g. USD)' })
  message: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    description: 'JSON Lines, CSV and Google Merchant Center feeds: the 1-based line of the file the failed line, row or item is on',
    example: 18,
  })
  line?: number;

  @ApiPropertyOptional({
    description: 'CSV and Google Merchant Center feeds: the column (CSV header, GMC attribute) the field came from',
    example: 'price.currency',
  })
  column?: string;
}

@ApiSchema({ name: 'ImportError' })
export class ImportErrorDto {
  @ApiProperty({
    type: 'integer',
    description: '0-based position of the element in the file: of the array item, the non-blank line, the data row or the feed item',
    example: 17,
  })
  index: number;

  @ApiProperty({ type: 'string', nullable: true, description: 'The product id, when the element had a usable one', example: 'sku-123' })
  product_id: string | null;

  @ApiProperty({ type: [FieldErrorDto] })
  errors: FieldErrorDto[];
}

@ApiSchema({ name: 'ImportFailure' })
export class ImportFailureDto {
  @ApiProperty({ enum: IMPORT_FAILURE_TYPES, example: 'invalid_json' })
  type: string;

  @ApiProperty({ example: "Unexpected token ']' at byte 1,204,311" })
  message: string;
}

@ApiSchema({ name: 'ImportErrorsPage' })
export class ImportErrorsPageDto {
  @ApiProperty({ format: 'uuid' })
  job_id: string;

  @ApiProperty({ type: ImportFailureDto, nullable: true, description: 'Why the job failed as a whole; null unless status is failed' })
  failure: ImportFailureDto | null;

  @ApiProperty({ type: 'integer', description: 'Failed elements of the job so far (exact; equals the status failed_count)', example: 12 })
  failed_count: number;

  @ApiProperty({
    type: 'integer',
    description:
      'Failed elements whose details are stored and listed here: the first IMPORT_ERROR_DETAILS_LIMIT (default 10,000) of the job. Fewer than failed_count means the rest were counted only.',
    example: 12,
  })
  error_details_kept: number;

  @ApiProperty({
    type: [ImportErrorDto],
    description: 'At most `limit` rows, fewer when the page reaches 1 MiB; each row lists at most 20 errors plus one "… and N more errors"',
  })
  data: ImportErrorDto[];

  @ApiProperty({ type: 'string', nullable: true })
  next_cursor: string | null;
}
