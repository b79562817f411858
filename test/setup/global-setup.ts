import 'reflect-metadata';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../../src/database/data-source-options';
import { TEST_DATABASE_NAME, TEST_DATABASE_URL, TEST_QUEUE_PREFIX, TEST_REDIS_URL } from './test-database';

/** Recreates the e2e database, applies the real migrations, and empties the test queue. */
export default async function globalSetup(): Promise<void> {
  const admin = new Client({ connectionString: TEST_DATABASE_URL.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${TEST_DATABASE_NAME}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${TEST_DATABASE_NAME}"`);
  } finally {
    await admin.end();
  }
  const dataSource = await new DataSource(buildDataSourceOptions(TEST_DATABASE_URL)).initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${TEST_QUEUE_PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
