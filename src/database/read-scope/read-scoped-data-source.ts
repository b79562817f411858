import { DataSource, type QueryRunner, type ReplicationMode } from 'typeorm';
import { ReadScope } from './read-scope';

/**
 * The service's DataSource: inside an open ReadScope every query runner it hands out is that
 * scope's one transaction, so repositories need no change to be bounded; elsewhere it is TypeORM's.
 */
export class ReadScopedDataSource extends DataSource {
  override createQueryRunner(mode: ReplicationMode = 'master'): QueryRunner {
    const scope = ReadScope.current();
    return scope ? scope.queryRunner(() => super.createQueryRunner(mode)) : super.createQueryRunner(mode);
  }
}
