import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ImportFileChunk } from '../entities/import-file-chunk.entity';

/** The uploaded file, stored as ordered ~1 MiB chunks until its import ends. */
@Injectable()
export class ImportFileRepository {
  constructor(@InjectRepository(ImportFileChunk) private readonly repo: Repository<ImportFileChunk>) {}

  async appendChunk(manager: EntityManager, jobId: string, seq: number, data: Buffer): Promise<void> {
    await manager.query('INSERT INTO import_file_chunks (job_id, seq, data) VALUES ($1, $2, $3)', [jobId, seq, data]);
  }

  /** Streams the file back chunk by chunk, holding one chunk in memory at a time. */
  async *readChunks(jobId: string): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq++) {
      const rows: Array<{ data: Buffer }> = await this.repo.query('SELECT data FROM import_file_chunks WHERE job_id = $1 AND seq = $2', [
        jobId,
        seq,
      ]);
      if (rows.length === 0) return;
      yield rows[0].data;
    }
  }

  /**
   * Deletes the stored file and what the scan pass derived from it (a replace import's id list):
   * called by every path that ends a job, in the transaction that ends it.
   */
  async deleteFile(manager: EntityManager, jobId: string): Promise<void> {
    await manager.delete(ImportFileChunk, { jobId });
    await manager.query('DELETE FROM import_job_ids WHERE job_id = $1', [jobId]);
  }
}
