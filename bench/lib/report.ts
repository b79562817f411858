import { writeFile } from 'node:fs/promises';
import * as os from 'node:os';

export type Row = [label: string, value: string | number | null | undefined, note?: string];

export function fmt(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return value.toFixed(digits);
}

export function round(value: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function printTable(title: string, rows: Row[]): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  const valueWidth = Math.max(...rows.map(([, value]) => String(value ?? '-').length));
  const line = '-'.repeat(Math.min(100, width + valueWidth + 8));
  process.stdout.write(`\n${title}\n${line}\n`);
  for (const [label, value, note] of rows) {
    process.stdout.write(`${label.padEnd(width)}  ${String(value ?? '-').padStart(valueWidth)}${note ? `  ${note}` : ''}\n`);
  }
  process.stdout.write(`${line}\n`);
}

export async function writeJson(file: string, data: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
}

export interface MachineInfo {
  cpus: number;
  cpu_model: string | null;
  total_mem_mib: number;
  node: string;
  platform: string;
  /** 1/5/15-minute load averages when the results were assembled (other work on the machine skews timings). */
  load_avg: number[];
}

export function machineInfo(): MachineInfo {
  return {
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? null,
    total_mem_mib: Math.round(os.totalmem() / 1_048_576),
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    load_avg: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

export function logger(prefix: string): (message: string) => void {
  const started = performance.now();
  return (message: string) => process.stdout.write(`[${prefix} +${((performance.now() - started) / 1000).toFixed(1)}s] ${message}\n`);
}
