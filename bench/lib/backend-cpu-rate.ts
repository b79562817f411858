import { withClient } from '../../tools/harness/bench-db';
import { sleep } from '../../tools/harness/repo';
import { cpuSeconds } from './cpu';

interface Sample {
  at: number;
  cpu: number;
}

/**
 * CPU seconds per second used by the bench database's backends of one application (e.g.
 * `pgbench`) while `fn` runs, sampled every `intervalMs`. For clients whose connections open and
 * close with the run, which CpuMeter's before/after reading cannot see: each backend counts over
 * the window it was seen in, so the first and last interval of the run are left out. Null when no
 * backend was seen twice.
 */
export async function backendCpuRateDuring<T>(
  databaseUrl: string,
  applicationName: string,
  fn: () => Promise<T>,
  intervalMs = 200,
): Promise<{ result: T; cpu_s_per_s: number | null }> {
  const first = new Map<number, Sample>();
  const last = new Map<number, Sample>();
  let running = true;
  const sampling = withClient(databaseUrl, async (client) => {
    while (running) {
      const { rows } = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        [applicationName],
      );
      const at = performance.now();
      for (const { pid } of rows) {
        const cpu = cpuSeconds(pid);
        if (cpu === 0) continue; // gone (or not a tick yet): a zero would read as a drop
        if (!first.has(pid)) first.set(pid, { at, cpu });
        last.set(pid, { at, cpu });
      }
      await sleep(intervalMs);
    }
  });
  let result: T;
  try {
    result = await fn();
  } finally {
    running = false;
    await sampling;
  }
  let rate = 0;
  let seen = 0;
  for (const [pid, start] of first) {
    const end = last.get(pid)!;
    if (end.at <= start.at) continue;
    rate += (end.cpu - start.cpu) / ((end.at - start.at) / 1000);
    seen++;
  }
  return { result, cpu_s_per_s: seen ? rate : null };
}
