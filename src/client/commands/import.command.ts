import { type Command, Option } from 'commander';
import { FEED_FORMATS, type FeedFormat } from '../../common/feeds/feed-format';
import type { CommandContext } from '../context';
import { idempotencyKeyOption, intOption } from '../options';
import { waitForJob } from '../wait-for-job';
import { reportFinishedJob } from './job-report';

interface ImportOptions {
  wait?: boolean;
  format?: FeedFormat;
  idempotencyKey?: string;
  errors: number;
  interval: number;
}

export function registerImport(program: Command, ctx: CommandContext): void {
  program
    .command('import')
    .description(
      'upload a catalog file (at most 50 MiB: a JSON array, JSON Lines, CSV, or a Google Merchant Center TSV or XML feed) and start an import',
    )
    .argument('<file>', 'the file to upload; its format is told by its name (.json, .jsonl, .ndjson, .csv, .tsv, .txt, .xml) or --format')
    .addOption(
      new Option('--format <format>', 'the feed format, when the file name does not say it (sent as the part content type)').choices([
        ...FEED_FORMATS,
      ]),
    )
    .option('--wait', 'follow the import to its end with a processing bar; exit 1 if the job fails')
    .option(
      '--idempotency-key <key>',
      'makes a retried upload safe: the same key and file within 24 h return the first job',
      idempotencyKeyOption,
    )
    .option('--errors <n>', 'with --wait: failed products listed at the end (1-100)', intOption(1, 100), 10)
    .option('--interval <ms>', 'with --wait: pause between status polls', intOption(100, 60_000), 500)
    .addHelpText(
      'after',
      '\nExamples:\n  product-directory import examples/products.json --wait\n  product-directory import examples/products.csv --wait\n  product-directory import export.dat --format gmc_tsv\n  product-directory import nightly.json --idempotency-key nightly-2026-11-26 --json',
    )
    .action(async (file: string, options: ImportOptions, command: Command) => {
      const json = ctx.options(command).json === true;
      const progress = ctx.progress(command);
      const client = ctx.client(command, progress);
      try {
        const { job_id } = await client.upload(file, {
          idempotencyKey: options.idempotencyKey,
          format: options.format,
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
