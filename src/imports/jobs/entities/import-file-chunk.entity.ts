import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One ~1 MiB slice of an uploaded file; the file lives in PostgreSQL until its import ends. */
@Entity({ name: 'import_file_chunks' })
export class ImportFileChunk {
  @PrimaryColumn({ name: 'job_id', type: 'uuid' })
  jobId: string;

  @PrimaryColumn({ type: 'integer' })
  seq: number;

  @Column({ type: 'bytea' })
  data: Buffer;
}
