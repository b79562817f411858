import { Global, Module } from '@nestjs/common';
import { BoundedReadInterceptor } from './bounded-read.interceptor';
import { ReadBudget } from './read-budget';

/** The per-account read budget, shared by every read route of the process (RequireScopes applies it). */
@Global()
@Module({ providers: [ReadBudget, BoundedReadInterceptor], exports: [ReadBudget, BoundedReadInterceptor] })
export class ReadsModule {}
