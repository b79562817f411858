import { verifySignature } from '../../../src/webhooks/signing/webhook-signature';
import type { WebhookReceiver } from '../../support/webhook-receiver';
import { CatalogModel, predictionDifferences, type ActualJob } from './model';
import type { SoakDb } from './soak-db';
import type { Tenant } from './tenant';
import type { TrafficLog } from './traffic-log';

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
  /** Problems, at most a few shown. */
  problems: string[];
}

export function check(name: string, problems: string[], detail = ''): CheckResult {
  return { name, ok: problems.length === 0, detail, problems: dedupe(problems) };
}

function dedupe(problems: string[]): string[] {
  const counts = new Map<string, number>();
  for (const p of problems) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].map(([p, n]) => (n > 1 ? `${p} (×${n})` : p));
}

export interface TenantHooks {
  receiver: WebhookReceiver;
  secret: string;
}

/**
 * Every acknowledged job against the model, and every catalog: folds each organization's
 * operations in order; `reports` holds each job's final report as the API answered it.
 */
export function modelChecks(
  tenants: Tenant[],
  reports: Map<string, ActualJob>,
  catalogs: Map<string, Map<string, string>>,
  dbJobs: Map<string, string[]>,
  replaceMaxDeleteRatio: number,
): { jobs: CheckResult; catalogs: CheckResult; unacknowledged: CheckResult; summary: Record<string, number> } {
  const jobProblems: string[] = [];
  const catalogProblems: string[] = [];
  const extraJobs: string[] = [];
  const summary: Record<string, number> = {};
  for (const tenant of tenants) {
    const model = new CatalogModel(replaceMaxDeleteRatio);
    for (const op of tenant.operations) {
      const actual = op.kind === 'upload' ? reports.get(op.jobId) : undefined;
      const predicted = model.apply(op, actual);
      if (op.kind !== 'upload' || !predicted) continue;
      const key = `${predicted.status}${predicted.failureType ? `/${predicted.failureType}` : ''}`;
      summary[key] = (summary[key] ?? 0) + 1;
      if (!actual) {
        jobProblems.push(`tenant ${tenant.index} job ${op.jobId} (${op.file.kind}): no final report`);
        continue;
      }
      const differences = predictionDifferences(predicted, actual);
      if (differences.length > 0)
        jobProblems.push(
          `tenant ${tenant.index} job ${op.jobId} (${op.file.kind}, ${op.mode}${op.cancel ? `, cancel ${JSON.stringify(op.cancel)}` : ''}): ${differences.join('; ')}`,
        );
    }
    jobProblems.push(...model.problems.map((p) => `tenant ${tenant.index}: ${p}`));
    const stored = catalogs.get(tenant.caller.organizationId) ?? new Map<string, string>();
    const differing: string[] = [];
    for (const [id, data] of model.catalog)
      if (stored.get(id) !== data) differing.push(stored.has(id) ? `${id} holds other data` : `${id} missing`);
    for (const id of stored.keys()) if (!model.catalog.has(id)) differing.push(`${id} not in the model`);
    if (differing.length > 0)
      catalogProblems.push(`tenant ${tenant.index}: ${differing.length} products differ, e.g. ${differing.slice(0, 3).join('; ')}`);
    const acknowledged = new Set(tenant.operations.flatMap((op) => (op.kind === 'upload' ? [op.jobId] : [])));
    for (const id of dbJobs.get(tenant.caller.organizationId) ?? [])
      if (!acknowledged.has(id)) extraJobs.push(`tenant ${tenant.index}: job ${id} was never acknowledged`);
  }
  const jobCount = Object.values(summary).reduce((a, b) => a + b, 0);
  return {
    jobs: check(
      'every acknowledged job ended as the model predicts (status, failure type, exact counters, deleted_count)',
      jobProblems,
      `${jobCount} jobs: ${JSON.stringify(summary)}`,
    ),
    catalogs: check(
      'every catalog equals the model’s',
      catalogProblems,
      `${tenants.length} organizations, ${[...catalogs.values()].reduce((n, c) => n + c.size, 0)} products`,
    ),
    unacknowledged: check('no job the clients were not acknowledged (idempotent retries made no second job)', extraJobs),
    summary,
  };
}

/** Exactly one signed delivery per job end, carrying the job's final status; duplicates only from a fault. */
export function webhookCheck(
  tenants: Tenant[],
  hooks: TenantHooks[],
  reports: Map<string, ActualJob>,
  log: TrafficLog,
  /** Date.now() of the run clock's 0 (receivers stamp requests with Date.now()). */
  t0: number,
): CheckResult {
  const problems: string[] = [];
  let deliveries = 0;
  let duplicates = 0;
  tenants.forEach((tenant, i) => {
    const { receiver, secret } = hooks[i];
    const byJob = new Map<string, Map<string, number[]>>();
    for (const request of receiver.received) {
      deliveries++;
      const signature = request.headers['product-directory-signature'];
      // Verified against the time it arrived, not now: the check runs minutes later.
      if (typeof signature !== 'string' || !verifySignature(signature, secret, request.body, { now: new Date(request.at) })) {
        problems.push(`tenant ${tenant.index}: a delivery with a bad signature`);
        continue;
      }
      const event = JSON.parse(request.body) as {
        id: string;
        type: string;
        data: { job_id: string; status: string; indexed_count: number; failed_count: number; skipped_count: number };
      };
      const events = byJob.get(event.data.job_id) ?? new Map<string, number[]>();
      events.set(event.id, [...(events.get(event.id) ?? []), request.at]);
      byJob.set(event.data.job_id, events);
      const actual = reports.get(event.data.job_id);
      if (!actual) problems.push(`tenant ${tenant.index}: delivery for job ${event.data.job_id}, not one of its acknowledged jobs`);
      else if (
        event.type !== `import.${actual.status}` ||
        event.data.status !== actual.status ||
        event.data.indexed_count !== actual.counters.indexed_count
      ) {
        problems.push(
          `tenant ${tenant.index}: job ${event.data.job_id}'s event ${event.type} ${JSON.stringify(event.data)} differs from its end ${JSON.stringify(actual)}`,
        );
      }
    }
    for (const op of tenant.operations) {
      if (op.kind !== 'upload') continue;
      const events = byJob.get(op.jobId);
      if (!events) problems.push(`tenant ${tenant.index}: job ${op.jobId} ended without a delivery`);
      else if (events.size !== 1) problems.push(`tenant ${tenant.index}: job ${op.jobId} has ${events.size} different events`);
      else {
        const [times] = [...events.values()];
        if (times.length > 1) {
          duplicates += times.length - 1;
          // At least once: a second POST of the same event is only acceptable when a fault cut the first short.
          const at = times.map((t) => `${((t - t0) / 1000).toFixed(1)} s`).join(', ');
          if (!log.insideFault({ at: times[0] - t0 - 1_000, ms: 2_000 }))
            problems.push(`tenant ${tenant.index}: job ${op.jobId}'s event delivered ${times.length} times outside any fault (at ${at})`);
        }
      }
    }
  });
  return check(
    'each job end produced exactly one signed webhook delivery',
    problems,
    `${deliveries} POSTs received, ${duplicates} duplicate(s) of an event`,
  );
}

/** No stored file, replace ids, pending search entry, unrelayed outbox event or undelivered delivery left. */
export async function leftoverCheck(db: SoakDb): Promise<CheckResult> {
  const left = await db.leftovers();
  const problems = Object.entries(left)
    .filter(([, n]) => n !== 0)
    .map(([what, n]) => `${n} ${what}`);
  return check(
    'nothing left behind (stored files, replace ids, search entries, outbox events, deliveries)',
    problems,
    JSON.stringify(left),
  );
}
