import type { CatalogManifest } from '../../tools/harness/generate-catalog';
import type { ImportClient } from '../../tools/harness/http/import-client';
import { type ExpectedCounts, phaseFromWait, type PhaseResult } from './import-phase';
import { round } from './report';
import { resetPeak, RssSampler } from '../../tools/harness/rss';
import type { ServiceStack } from './service-stack';

export interface ConcurrentResult {
  uploads: number;
  api_peak_rss_mib: number | null;
  worker_peak_rss_mib: number | null;
  peak_reset: boolean;
  upload_s: (number | null)[];
  max_upload_s: number | null;
  all_done_s: number | null;
  jobs: PhaseResult[];
  problems: string[];
}

/** N uploads of the same file by N organizations at once (one client each); peak RSS during the whole phase. */
export async function runConcurrentUploads(
  stack: ServiceStack,
  clients: ImportClient[],
  manifest: CatalogManifest,
  timeoutMs: number,
): Promise<ConcurrentResult> {
  const pids = [stack.api.pid, stack.worker!.pid];
  const peakReset = pids.map(resetPeak).every(Boolean);
  const sampler = new RssSampler(pids).start();
  const started = performance.now();
  const expected: ExpectedCounts = {
    total: manifest.products,
    indexed: manifest.valid_products,
    failed: manifest.invalid_products,
    skipped: 0,
  };
  const problems: string[] = [];
  const uploads = await Promise.allSettled(
    clients.map(async (c) => {
      const u = await c.upload(manifest.file);
      return { ...u, acceptedWallMs: Date.now() };
    }),
  );
  const jobs: PhaseResult[] = [];
  await Promise.all(
    uploads.map(async (u, i) => {
      if (u.status === 'rejected') {
        problems.push(`${clients.length}x upload ${i + 1}: ${(u.reason as Error).message}`);
        return;
      }
      try {
        const wait = await clients[i].waitForTerminal(u.value.jobId, u.value.acceptedAt, {
          timeoutMs: timeoutMs * 4,
          isAlive: stack.deadService,
        });
        const phase = phaseFromWait(`${clients.length}x-${i + 1}`, u.value, wait, expected);
        jobs.push(phase);
        problems.push(...phase.problems);
      } catch (error) {
        problems.push(`${clients.length}x import ${i + 1}: ${(error as Error).message}`);
      }
    }),
  );
  const allDone = (performance.now() - started) / 1000;
  const peaks = sampler.stop();
  const uploadS = uploads.map((u) => (u.status === 'fulfilled' ? round(u.value.seconds) : null));
  const okUploads = uploadS.filter((s): s is number => s !== null);
  jobs.sort((a, b) => a.name.localeCompare(b.name));
  return {
    uploads: clients.length,
    api_peak_rss_mib: peaks.get(stack.api.pid) ?? null,
    worker_peak_rss_mib: peaks.get(stack.worker!.pid) ?? null,
    peak_reset: peakReset,
    upload_s: uploadS,
    max_upload_s: okUploads.length ? Math.max(...okUploads) : null,
    all_done_s: round(allDone),
    jobs,
    problems,
  };
}
