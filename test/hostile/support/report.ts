import { writeFileSync } from 'node:fs';
import type { ShapeResult } from './run-shape';

const HEADERS = [
  'shape',
  'bytes',
  'elements',
  'status',
  'total/indexed/failed/skipped',
  'err rows',
  's',
  '× base',
  'peak RSS MiB',
  'verdict',
];

/** The run as a plain-text table: one row per shape, then each failing shape's problems. */
export function formatTable(results: ShapeResult[]): string {
  const rows = results.map((r) => [
    r.name,
    r.bytes.toLocaleString('en'),
    r.elements.toLocaleString('en'),
    r.status ? `${r.status}${r.failureType ? ` (${r.failureType})` : ''}` : '—',
    r.counters ? `${r.counters.total}/${r.counters.indexed}/${r.counters.failed}/${r.counters.skipped}` : '—',
    r.errorRows === null ? '—' : String(r.errorRows),
    r.seconds.toFixed(1),
    r.ratio === null ? '—' : r.ratio.toFixed(2),
    r.peakRssMib.toFixed(0),
    r.problems.length === 0 ? 'pass' : 'FAIL',
  ]);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 || i === 3 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const details = results
    .filter((r) => r.problems.length > 0)
    .map((r) => `\n${r.name}:\n${r.problems.map((p) => `  - ${p}`).join('\n')}`)
    .join('');
  return [line(HEADERS), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + details + '\n';
}

export function writeJson(path: string, results: ShapeResult[]): void {
  const passed = results.filter((r) => r.problems.length === 0).length;
  writeFileSync(path, JSON.stringify({ passed, failed: results.length - passed, shapes: results }, null, 2));
}
