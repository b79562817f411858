import { Global, Module } from '@nestjs/common';
import { BoundedReadInterceptor } from './bounded-read.interceptor';
import { StatementCanceller } from '../database/read-scope/statement-canceller';
import { ReadBudget } from './read-budget';

/** The read budget (per account, organization and process), shared by every read route of the process (RequireScopes applies it). */
@Global()
@Module({ providers: [ReadBudget, BoundedReadInterceptor, StatementCanceller], exports: [ReadBudget, BoundedReadInterceptor] })
export class ReadsModule {}
