import { sleep } from '../../../tools/harness/repo';
import { ImportClient } from '../../../tools/harness/http/import-client';
import { withClient } from '../../../tools/harness/bench-db';
import type { CatalogManifest } from '../../../tools/harness/generate-catalog';
import { runImportPhase } from '../import-phase';
import { round } from '../report';
import { RssSampler } from '../../../tools/harness/rss';
import { measureSearchable } from '../search-lag';
import type { ServiceStack } from '../service-stack';
import type { Tenant } from '../tenants';
import { pendingTotal } from './scale-db';

export interface ProbeResult {
  /** Seconds into the sweep the probe was uploaded, and what was pending then. */
  uploaded_after_s: number;
  pending_at_upload: number;
  /** 202 -> started_at: how long the import waited for the worker (goal: < 1 s). */
  queue_wait_s: number | null;
  import_s: number;
  searchable_s: number | null;
  products: number;
  problems: string[];
}

export interface SweepResult {
  pending_at_start: number;
  sweep_s: number;
  products_per_s: number;
  worker_peak_rss_mib: number | null;
  probe: ProbeResult | null;
}

/**
 * Starts the worker on a database full of pending entries and times its start-up sweep until
 * nothing is pending (polled with count(*), at most a fifth of the time spent counting). After
 * `probeAfterS` a small import is uploaded into `probe`'s organization: how long it waits for the
 * worker, and until it is searchable, while the backlog is being indexed.
 */
export async function timeSweep(
  stack: ServiceStack,
  probe: { tenant: Tenant; manifest: CatalogManifest; afterS: number } | null,
  log: (message: string) => void,
): Promise<SweepResult> {
  const pendingAtStart = await withClient(stack.databaseUrl, pendingTotal);
  log(`starting the worker on ${pendingAtStart.toLocaleString('en')} pending entries`);
  const started = performance.now();
  const worker = await stack.startWorker();
  const sampler = new RssSampler([worker.pid]).start();
  const seconds = () => (performance.now() - started) / 1000;
  const probing = probe ? runProbe(stack, probe, seconds, log) : Promise.resolve(null);
  const done = await withClient(stack.databaseUrl, async (client) => {
    let lastLog = 0;
    for (;;) {
      const t = performance.now();
      const pending = await pendingTotal(client);
      const countMs = performance.now() - t;
      if (pending === 0) return seconds();
      if (seconds() - lastLog >= 15) {
        lastLog = seconds();
        log(`sweep: ${pending.toLocaleString('en')} pending after ${seconds().toFixed(0)} s`);
      }
      const dead = stack.deadService();
      if (dead) throw new Error(`a service died during the sweep: ${dead}`);
      await sleep(Math.max(500, 5 * countMs));
    }
  });
  const probeResult = await probing;
  const peak = sampler.stop().get(worker.pid) ?? null;
  return {
    pending_at_start: pendingAtStart,
    sweep_s: round(done, 1),
    products_per_s: Math.round(pendingAtStart / done),
    worker_peak_rss_mib: peak,
    probe: probeResult,
  };
}

async function runProbe(
  stack: ServiceStack,
  probe: { tenant: Tenant; manifest: CatalogManifest; afterS: number },
  seconds: () => number,
  log: (message: string) => void,
): Promise<ProbeResult> {
  await sleep(Math.max(0, probe.afterS * 1000 - seconds() * 1000));
  const uploadedAfter = seconds();
  const pendingAtUpload = await withClient(stack.databaseUrl, pendingTotal);
  log(`probe: a ${probe.manifest.valid_products}-product import during the sweep (${pendingAtUpload.toLocaleString('en')} pending)`);
  const { manifest } = probe;
  const phase = await runImportPhase(
    'probe',
    new ImportClient(stack.baseUrl, probe.tenant),
    manifest.file,
    { total: manifest.products, indexed: manifest.valid_products, failed: manifest.invalid_products, skipped: 0 },
    { timeoutMs: 600_000, deadService: stack.deadService },
  );
  const searchable = await measureSearchable(stack.databaseUrl, probe.tenant.organizationId, phase, 600_000);
  log(
    `probe: waited ${phase.queue_wait_s} s for the worker, done after ${phase.import_s} s, searchable after ${searchable?.searchable_s ?? '-'} s`,
  );
  return {
    uploaded_after_s: round(uploadedAfter, 1),
    pending_at_upload: pendingAtUpload,
    queue_wait_s: phase.queue_wait_s,
    import_s: phase.import_s,
    searchable_s: searchable?.searchable_s ?? null,
    products: manifest.valid_products,
    problems: phase.problems,
  };
}
