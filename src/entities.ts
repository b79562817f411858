import { Account } from './auth/entities/account.entity';
import { Organization } from './auth/entities/organization.entity';
import { PersonalAccessToken } from './auth/entities/personal-access-token.entity';
import { Product } from './catalog/entities/product.entity';
import { ImportErrorRecord } from './jobs/entities/import-error.entity';
import { ImportFileChunk } from './jobs/entities/import-file-chunk.entity';
import { ImportJob } from './jobs/entities/import-job.entity';

/**
 * Every entity, for the TypeORM CLI's data source (ormconfig.ts: migration:generate compares them with
 * the schema). The Nest processes load each feature's own from its TypeOrmModule.forFeature.
 */
export const entities = [Organization, Account, PersonalAccessToken, ImportJob, ImportFileChunk, ImportErrorRecord, Product];
