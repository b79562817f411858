import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { idempotencyKeyOption, intOption } from '../options';
import { waitForJob } from '../wait-for-job';
import { reportFinishedJob } from './job-report';

interface ImportOptions {
  wait?: boolean;
  idempotencyKey?: string;
  errors: number;
  interval: number;
}

export function registerImport(program: Command, ctx: CommandContext): void {
  program
    .command('import')
    .description('upload a JSON catalog file (an array of products, at most 50 MiB) and start an import')
    .argument('<file>', 'the file to upload; its name must end in .json')
    .option('--wait', 'follow the import to its end with a processing bar; exit 1 if the job fails')
    .option('--idempotency-key <key>', 'makes a retried upload safe: the same key and file within 24 h return the first job', idempotencyKeyOption)
    .option('--errors <n>', 'with --wait: failed products listed at the end (1-100)', intOption(1, 100), 10)
    .option('--interval <ms>', 'with --wait: pause between status polls', intOption(100, 60_000), 500)
    .addHelpText(
      'after',
      '\nExamples:\n  product-directory import examples/products.json --wait\n  product-directory import nightly.json --idempotency-key nightly-2026-11-26 --json',
    )
    .action(async (file: string, options: ImportOptions, command: Command) => {
      const json = ctx.options(command).json === true;
      const progress = ctx.progress(command);
      const client = ctx.client(command, progress);
      try {
        const { job_id } = await client.upload(file, {
          idempotencyKey: options.idempotencyKey,
          onStart: (size) => progress.uploadStarted(size),
          onProgress: (sent) => progress.uploadProgress(sent),
        });
        progress.uploadDone(job_id);
        ctx.followHint = `Interrupted; the import goes on. Follow it: product-directory status ${job_id} --wait`;
        if (!options.wait) {
          progress.stop();
          if (json) ctx.printJson({ job_id });
          else ctx.print([`Uploaded: job ${job_id}`, `Follow it: product-directory status ${job_id} --wait`]);
          return;
        }
        const job = await waitForJob(client, job_id, { intervalMs: options.interval, onJob: (j) => progress.job(j) });
        progress.stop();
        await reportFinishedJob(ctx, client, job, options.errors, json);
      } finally {
        progress.stop();
      }
    });
}
