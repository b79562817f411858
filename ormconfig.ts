import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { loadConfig } from './src/common/config/load-config';
import { buildDataSourceOptions } from './src/database/data-source-options';
import { entities } from './src/entities';

/** DataSource for the TypeORM CLI (migration:run|revert|generate); same options as the service. */
export default new DataSource({ ...buildDataSourceOptions(loadConfig().databaseUrl), entities });
