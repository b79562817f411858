import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PoolClient } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { EntityManager, Repository } from 'typeorm';
import { readCopyRows } from '../../database/copy-binary-reader';
import { ImportFileChunk } from '../entities/import-file-chunk.entity';

/** COPY takes no bind parameters: the job id is spliced in, so it must be exactly a UUID. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The uploaded file, stored as ordered ~1 MiB chunks until its import ends. */
@Injectable()
export class ImportFileRepository {
  constructor(@InjectRepository(ImportFileChunk) private readonly repo: Repository<ImportFileChunk>) {}

  async appendChunk(manager: EntityManager, jobId: string, seq: number, data: Buffer): Promise<void> {
    await manager.query('INSERT INTO import_file_chunks (job_id, seq, data) VALUES ($1, $2, $3)', [jobId, seq, data]);
  }

  /**
   * Streams the file back chunk by chunk, holding one chunk in memory at a time. Each chunk is
   * read with a binary COPY (see readCopyRows: ~10× cheaper than a SELECT of the bytea), on a
   * connection taken for that one statement, so nothing is held between chunks.
   */
  async *readChunks(jobId: string): AsyncGenerator<Buffer> {
    if (!UUID.test(jobId)) throw new Error(`not a job id: ${JSON.stringify(jobId)}`);
    for (let seq = 0; ; seq++) {
      const [data] = await this.readChunk(jobId, seq);
      if (data === undefined) return;
      yield data;
    }
  }

  private async readChunk(jobId: string, seq: number): Promise<Buffer[]> {
    const runner = this.repo.manager.connection.createQueryRunner();
    try {
      const client = (await runner.connect()) as PoolClient;
      return await readCopyRows(
        client.query(copyTo(`COPY (SELECT data FROM import_file_chunks WHERE job_id = '${jobId}' AND seq = ${seq}) TO STDOUT (FORMAT binary)`)),
      );
    } finally {
      await runner.release();
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
