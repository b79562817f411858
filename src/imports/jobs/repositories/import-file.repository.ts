import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { EntityManager, Repository } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { ImportFileChunk } from '../entities/import-file-chunk.entity';
import { binaryCopyField } from '../../../database/binary-copy';

/** The uploaded file, stored as ordered ~1 MiB chunks until its import ends. */
@Injectable()
export class ImportFileRepository {
  constructor(@InjectRepository(ImportFileChunk) private readonly repo: Repository<ImportFileChunk>) {}

  async appendChunk(manager: EntityManager, jobId: string, seq: number, data: Buffer): Promise<void> {
    await manager.query('INSERT INTO import_file_chunks (job_id, seq, data) VALUES ($1, $2, $3)', [jobId, seq, data]);
  }

  /**
   * Streams the file back in order, holding one stored chunk in memory at a time (two with
   * `readAhead`). It arrives in the pieces the socket delivered (tens of KiB each): their
   * concatenation is the file. `readAhead` reads the next chunk while the caller works on this one
   * (PostgreSQL detoasting it overlaps the worker's scanning and batches): a pool connection held
   * beside the caller's own queries, counted in pool-size.ts.
   */
  async *readChunks(jobId: string, options: { readAhead?: boolean } = {}): AsyncGenerator<Buffer> {
    let next: Promise<Buffer[] | null> | null = null;
    try {
      for (let seq = 0; ; seq++) {
        const pieces = await (next ?? this.readChunk(jobId, seq));
        next = null;
        if (pieces === null) return;
        if (options.readAhead) {
          next = this.readChunk(jobId, seq + 1);
          next.catch(() => undefined); // awaited by the next step or below; never unhandled meanwhile
        }
        yield* pieces;
      }
    } finally {
      await next?.catch(() => undefined); // a caller that stops early leaves no read running
    }
  }

  /**
   * One chunk, or null past the last, as raw bytes in pieces. A plain SELECT returns bytea as text: a 1 MiB
   * chunk came as a 2 MiB hex string (garbage the GC had to collect) to be hex-decoded, twice per
   * import. node-postgres's `binary` result mode does not help: it decodes every field as UTF-8
   * first, which corrupts bytes. A binary COPY streams the bytes untouched. The connection is held
   * for this one statement only (COPY takes no parameters: the values are escaped literals).
   */
  private async readChunk(jobId: string, seq: number): Promise<Buffer[] | null> {
    if (!Number.isSafeInteger(seq)) throw new RangeError(`bad chunk seq ${seq}`);
    const client = await ((this.repo.manager.connection.driver as PostgresDriver).master as Pool).connect();
    // A checked-out client with no 'error' listener takes the process down when PostgreSQL ends its
    // connection (a restart mid-COPY killed the worker in the fault suite): the COPY stream fails
    // too, and that failure is what is handled below.
    client.on('error', ignoreClientError);
    try {
      const sql = `COPY (SELECT data FROM import_file_chunks WHERE job_id = ${client.escapeLiteral(jobId)} AND seq = ${seq}) TO STDOUT (FORMAT binary)`;
      const pieces: Buffer[] = [];
      for await (const piece of client.query(copyTo(sql))) pieces.push(piece as Buffer);
      const data = binaryCopyField(pieces);
      client.release();
      return data;
    } catch (error) {
      client.release(error as Error); // the connection may be mid-COPY: the pool closes it instead of reusing it
      throw error;
    } finally {
      client.off('error', ignoreClientError);
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

function ignoreClientError(): void {}
