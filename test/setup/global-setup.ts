import 'reflect-metadata';
import type { GlobalConfig } from 'jest';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { databaseUrl, TEMPLATE_DATABASE_NAME, TEST_QUEUE_PREFIX_BASE, TEST_REDIS_URL, workerDatabaseName } from './test-database';

/**
 * Recreates the migrated template database with the real migrations, copies it once per Jest
 * worker (CREATE DATABASE ... TEMPLATE is a file copy: far cheaper than migrating each), and
 * empties every test queue of this base name.
 */
export default async function globalSetup(globalConfig: GlobalConfig): Promise<void> {
  const workers = Math.max(1, globalConfig.maxWorkers);
  const admin = new Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE_NAME}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE_NAME}"`);
    const dataSource = await new DataSource(buildDataSourceOptions(databaseUrl(TEMPLATE_DATABASE_NAME))).initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await dataSource.destroy();
    }
    for (let id = 1; id <= workers; id++) {
      const name = workerDatabaseName(id);
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE_NAME}"`);
    }
  } finally {
    await admin.end();
  }
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${TEST_QUEUE_PREFIX_BASE}-w*:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
