import { DataSource, type QueryRunner, type ReplicationMode } from 'typeorm';
import type { ReplicaReads } from '../replicas/replica-read';
import { ReadScope } from './read-scope';

/**
 * The service's DataSource: inside an open ReadScope every query runner it hands out is that
 * scope's one transaction, so repositories need no change to be bounded; elsewhere it is TypeORM's.
 * A scope that may read on a replica gets its runner from `replicaReads` when one is set.
 */
export class ReadScopedDataSource extends DataSource {
  /** Set by ReplicaRouterService when DATABASE_REPLICA_URLS lists replicas. */
  replicaReads?: ReplicaReads;

  override createQueryRunner(mode: ReplicationMode = 'master'): QueryRunner {
    const scope = ReadScope.current();
    if (!scope) return super.createQueryRunner(mode);
    const { replica } = scope;
    const replicas = this.replicaReads;
    return scope.queryRunner(() => (replica && replicas ? replicas.queryRunner(replica) : super.createQueryRunner(mode)));
  }
}
