import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Direct reads of the test database, for asserting what was (not) stored. */
export async function query<T = Record<string, unknown>>(app: INestApplication, sql: string, params: unknown[] = []): Promise<T[]> {
  return app.get(DataSource).query(sql, params);
}
