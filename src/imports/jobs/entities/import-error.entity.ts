import { Column, Entity, PrimaryColumn } from 'typeorm';

export interface FieldErrorRecord {
  field: string;
  message: string;
  /** Line- and row-based feeds: the 1-based line of the file the failed row or item is on. */
  line?: number;
  /** CSV, TSV and XML feeds: the column (or GMC attribute) the field came from. */
  column?: string;
}

/** Why one element of an uploaded file was not imported. */
@Entity({ name: 'import_errors' })
export class ImportErrorRecord {
  @PrimaryColumn({ name: 'job_id', type: 'uuid' })
  jobId: string;

  @PrimaryColumn({ type: 'integer' })
  index: number;

  @Column({ name: 'product_id', type: 'text', nullable: true })
  productId: string | null;

  @Column({ type: 'jsonb' })
  errors: FieldErrorRecord[];
}
