import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type QueryRunner } from 'typeorm';
import { ORGANIZATION_LOCK_NAMESPACE as LOCK_NAMESPACE } from '../../../database/organization-lock-key';

export interface OrganizationLock {
  /** A connection of its own, held for the whole import: the lock dies with it if the process dies. */
  readonly manager: EntityManager;
  release(): Promise<void>;
}

/** Serialises the imports of one organization across all worker processes. */
@Injectable()
export class OrganizationLockRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Session-level pg_try_advisory_lock: null when another import of the organization holds it. */
  async tryAcquire(organizationId: string): Promise<OrganizationLock | null> {
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.connect();
      const [{ locked }] = await runner.query('SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked', [LOCK_NAMESPACE, organizationId]);
      if (locked) return { manager: runner.manager, release: () => this.release(runner, organizationId) };
    } catch (error) {
      await runner.release();
      throw error;
    }
    await runner.release();
    return null;
  }

  private async release(runner: QueryRunner, organizationId: string): Promise<void> {
    try {
      await runner.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, organizationId]);
    } catch {
      // The connection is gone, and the lock with it.
    } finally {
      await runner.release();
    }
  }
}
