import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReadScope } from './read-scope';

/**
 * Cancels a read's running statement when its client is gone (ReadScope.abort). pg_cancel_backend
 * runs on an ordinary connection, outside the read's scope: the read's own connection is busy with
 * the statement to cancel, and stays with the read until that statement has ended, so the signal
 * can never reach a connection that went back to the pool and serves someone else.
 */
@Injectable()
export class StatementCancellerService {
  constructor(private readonly dataSource: DataSource) {}

  readonly cancel = (backendPid: number): Promise<void> =>
    ReadScope.outside(async () => {
      await this.dataSource.query('SELECT pg_cancel_backend($1)', [backendPid]);
    });
}
