import type { Command } from 'commander';
import { isTerminal } from '../api/types';
import type { CommandContext } from '../context';
import { intOption } from '../options';
import { formatCount, formatJob, processedCount } from '../output/format';
import { waitForJob } from '../wait-for-job';
import { reportFinishedJob } from './job-report';

interface StatusOptions {
  wait?: boolean;
  errors: number;
  interval: number;
}

export function registerStatus(program: Command, ctx: CommandContext): void {
  program
    .command('status')
    .description("show an import job's status and counters")
    .argument('<job_id>', 'the job id an upload answered')
    .option('--wait', 'follow the job to its end with a processing bar; exit 1 if it fails')
    .option('--errors <n>', 'with --wait: failed products listed at the end (1-100)', intOption(1, 100), 10)
    .option('--interval <ms>', 'with --wait: pause between status polls', intOption(100, 60_000), 500)
    .action(async (jobId: string, options: StatusOptions, command: Command) => {
      const json = ctx.options(command).json === true;
      if (options.wait) {
        const progress = ctx.progress(command);
        ctx.followHint = `Interrupted; the import goes on. Follow it: product-directory status ${jobId} --wait`;
        const client = ctx.client(command, progress);
        try {
          const job = await waitForJob(client, jobId, { intervalMs: options.interval, onJob: (j) => progress.job(j) });
          progress.stop();
          await reportFinishedJob(ctx, client, job, options.errors, json);
        } finally {
          progress.stop();
        }
        return;
      }
      const job = await ctx.client(command).getJob(jobId);
      if (json) return ctx.printJson(job);
      const lines = formatJob(job);
      if (!isTerminal(job.status)) lines.push(`  progress ${formatCount(processedCount(job))} of ${formatCount(job.total)} elements`);
      ctx.print(lines);
    });
}
