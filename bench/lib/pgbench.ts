import { execFile } from 'node:child_process';

export interface PgbenchResult {
  clients: number;
  threads: number;
  duration_s: number;
  /** pgbench's `query mode` (simple unless -M is given: one Query message per statement, literals in the text). */
  query_mode: string;
  transactions: number;
  failed: number;
  /** Transactions a second, without the initial connection time (pgbench's own figure). */
  tps: number;
  latency_avg_ms: number;
}

/**
 * `pgbench -n` (no vacuum of pgbench's own tables, which this database lacks) running `scriptFile`
 * for `durationS` seconds over `clients` connections, in the default (simple) query protocol.
 * Throws when a transaction failed: a fast error is not a fast statement.
 */
export function runPgbench(
  databaseUrl: string,
  scriptFile: string,
  options: { clients: number; threads: number; durationS: number },
): Promise<PgbenchResult> {
  const args = ['-n', '-c', String(options.clients), '-j', String(options.threads), '-T', String(options.durationS), '-f', scriptFile];
  return new Promise((resolve, reject) => {
    // The connection string goes last: pgbench reads its dbname argument as a libpq URI.
    execFile('pgbench', [...args, databaseUrl], { timeout: (options.durationS + 60) * 1000 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`pgbench ${args.join(' ')} failed: ${error.message}\n${stderr}${stdout}`.trim()));
      const field = (pattern: RegExp): string => {
        const match = pattern.exec(stdout);
        if (!match) throw new Error(`pgbench printed no ${pattern} line:\n${stdout}\n${stderr}`);
        return match[1];
      };
      try {
        const result: PgbenchResult = {
          clients: options.clients,
          threads: options.threads,
          duration_s: options.durationS,
          query_mode: field(/^query mode: (\S+)/m),
          transactions: Number(field(/^number of transactions actually processed: (\d+)/m)),
          failed: Number(/^number of failed transactions: (\d+)/m.exec(stdout)?.[1] ?? 0),
          tps: Number(field(/^tps = ([\d.]+)/m)),
          latency_avg_ms: Number(field(/^latency average = ([\d.]+) ms/m)),
        };
        if (result.failed > 0) throw new Error(`pgbench: ${result.failed} failed transactions:\n${stderr}`);
        resolve(result);
      } catch (parseError) {
        reject(parseError as Error);
      }
    });
  });
}

/** `pgbench --version`, e.g. "pgbench (PostgreSQL) 15.20". */
export function pgbenchVersion(): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile('pgbench', ['--version'], (error, stdout) =>
      error ? reject(new Error(`pgbench not found: ${error.message}`)) : resolve(stdout.trim()),
    ),
  );
}
