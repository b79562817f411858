import type { Command } from 'commander';
import type { ImportErrorRow, ImportErrorsPage } from '../api/types';
import type { CommandContext } from '../context';
import { intOption } from '../options';
import { formatErrors } from '../output/format';

interface ErrorsOptions {
  limit: number;
  all?: boolean;
}

export function registerErrors(program: Command, ctx: CommandContext): void {
  program
    .command('errors')
    .description('list why products of an import failed (and why the whole file failed, if it did)')
    .argument('<job_id>', 'the job id an upload answered')
    .option('--limit <n>', 'failed products to list', intOption(1, 1_000_000), 20)
    .option('--all', 'every failed product whose details were kept (pages through /errors)')
    .action(async (jobId: string, options: ErrorsOptions, command: Command) => {
      const client = ctx.client(command);
      const want = options.all ? Infinity : options.limit;
      const rows: ImportErrorRow[] = [];
      let page: ImportErrorsPage;
      let cursor: string | undefined;
      do {
        page = await client.getErrors(jobId, { limit: Math.min(100, want - rows.length), cursor });
        rows.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor && rows.length < want);
      // The last page's summary (failure, failed_count, error_details_kept) with every row collected.
      if (ctx.options(command).json) return ctx.printJson({ ...page, data: rows });
      ctx.print(formatErrors(page, rows));
    });
}
