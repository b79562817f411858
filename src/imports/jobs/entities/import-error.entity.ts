import { Column, Entity, PrimaryColumn } from 'typeorm';

export interface FieldErrorRecord {
  field: string;
  message: string;
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
