import { Global, Module } from '@nestjs/common';
import { BoundedReadInterceptor } from './bounded-read.interceptor';
import { StatementCancellerService } from '../database/read-scope/statement-canceller.service';
import { ReadBudgetService } from './read-budget.service';

/** The read budget (per account, organization and process), shared by every read route of the process (RequireScopes applies it). */
@Global()
@Module({
  providers: [ReadBudgetService, BoundedReadInterceptor, StatementCancellerService],
  exports: [ReadBudgetService, BoundedReadInterceptor],
})
export class ReadsModule {}
