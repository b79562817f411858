import { ImportErrorRecord } from './jobs/entities/import-error.entity';
import { ImportFileChunk } from './jobs/entities/import-file-chunk.entity';
import { ImportJob } from './jobs/entities/import-job.entity';

/** The import job store's tables, for its TypeOrmModule.forFeature and the CLI data source (src/entities.ts). */
export const IMPORT_ENTITIES = [ImportJob, ImportFileChunk, ImportErrorRecord];
