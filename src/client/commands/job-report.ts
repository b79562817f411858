import type { ApiClient } from '../api/api-client';
import type { ImportErrorRow, ImportJob } from '../api/types';
import type { CommandContext } from '../context';
import { EXIT } from '../errors';
import { formatErrors, formatJob } from '../output/format';

/**
 * The end of a wait: the counters, the first errors (from /errors) and the exit code —
 * 0 when the job is done (failed products included), 1 when the job as a whole failed.
 */
export async function reportFinishedJob(
  ctx: CommandContext,
  client: ApiClient,
  job: ImportJob,
  firstErrors: number,
  json: boolean,
): Promise<void> {
  const wantsErrors = job.status === 'failed' || job.failed_count > 0;
  const page = wantsErrors ? await client.getErrors(job.job_id, { limit: firstErrors }) : null;
  const rows: ImportErrorRow[] = page?.data.slice(0, firstErrors) ?? [];
  if (json) {
    ctx.printJson({ ...job, failure: page?.failure ?? null, first_errors: rows });
  } else {
    const lines = formatJob(job);
    if (page) lines.push(...formatErrors(page, rows));
    if (page && page.failed_count > rows.length && rows.length > 0) lines.push(`All of them: product-directory errors ${job.job_id} --all`);
    ctx.print(lines);
  }
  ctx.exitCode = job.status === 'failed' ? EXIT.jobFailed : EXIT.ok;
}
