import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A product as stored. Its search vector lives in `product_search` (not mapped), written by the search indexer. */
@Entity({ name: 'products' })
export class Product {
  @PrimaryColumn({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @PrimaryColumn({ name: 'product_id', type: 'text' })
  productId: string;

  /** SHA-256 of the canonical JSON of the validated product (change detection). */
  @Column({ name: 'content_hash', type: 'bytea' })
  contentHash: Buffer;

  /** SHA-256 of the element's raw bytes as last imported: lets an identical re-upload skip validation. */
  @Column({ name: 'raw_hash', type: 'bytea', nullable: true })
  rawHash: Buffer | null;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  /** The language of the last import that named one, for a product whose document names none. */
  @Column({ type: 'text', nullable: true })
  language: string | null;

  @Column({ name: 'last_import_job_id', type: 'uuid', nullable: true })
  lastImportJobId: string | null;
}
