import type { ImportErrorRow, ImportErrorsPage, ImportJob, ProductPage } from '../api/types';

const UNITS = ['B', 'KiB', 'MiB', 'GiB'] as const;

/** 1,536 → "1.5 KiB" (binary units, as the documented limits are written). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** 950 → "0.9 s", 75,000 → "1 min 15 s". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '–';
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${whole % 60} s`;
  return `${Math.floor(whole / 3600)} h ${Math.floor((whole % 3600) / 60)} min`;
}

/** Elements the worker has gone through: the spec's `progress` leaves out the skipped ones. */
export function processedCount(job: ImportJob): number {
  return job.indexed_count + job.failed_count + job.skipped_count;
}

/** How long a finished job ran (started_at → completed_at), or null while it has not. */
export function jobDurationMs(job: ImportJob): number | null {
  if (!job.started_at || !job.completed_at) return null;
  return Date.parse(job.completed_at) - Date.parse(job.started_at);
}

/** The counters of a job, one per line, aligned. */
export function formatJob(job: ImportJob): string[] {
  const duration = jobDurationMs(job);
  const lines = [`Import ${job.job_id}: ${job.status}${duration === null ? '' : ` in ${formatDuration(duration)}`}`];
  const rows: Array<[string, number]> = [
    ['total', job.total],
    ['indexed', job.indexed_count],
    ['skipped', job.skipped_count],
    ['failed', job.failed_count],
  ];
  const width = Math.max(...rows.map(([, n]) => formatCount(n).length));
  for (const [label, n] of rows) lines.push(`  ${label.padEnd(9)}${formatCount(n).padStart(width)}`);
  return lines;
}

/** One failed element: its index and id, then one indented line per field error. */
export function formatErrorRow(row: ImportErrorRow): string[] {
  const id = row.product_id === null ? '(no usable id)' : row.product_id;
  return [`  #${row.index} ${id}`, ...row.errors.map((e) => `      ${e.field === '' ? '(element)' : e.field}: ${e.message}`)];
}

/** Why a job failed and/or which elements failed, as far as the page goes. */
export function formatErrors(page: ImportErrorsPage, rows: ImportErrorRow[] = page.data): string[] {
  const lines: string[] = [];
  if (page.failure) lines.push(`The file could not be imported (${page.failure.type}): ${page.failure.message}`);
  if (rows.length > 0) {
    const more = page.failed_count > rows.length ? ` (first ${formatCount(rows.length)} of ${formatCount(page.failed_count)})` : '';
    lines.push(`Failed products${more}:`);
    for (const row of rows) lines.push(...formatErrorRow(row));
  } else if (page.failed_count > 0) {
    lines.push(`${formatCount(page.failed_count)} failed products; no details kept (IMPORT_ERROR_DETAILS_LIMIT)`);
  }
  if (lines.length === 0) lines.push('No errors.');
  return lines;
}

/** Search results as a table: id, title, price, availability. */
export function formatProducts(page: ProductPage, width = 100): string[] {
  if (page.data.length === 0) return ['No products found.'];
  const idWidth = Math.min(24, Math.max(2, ...page.data.map((p) => String(p.id).length)));
  const priceOf = (p: ProductPage['data'][number]) => (p.price ? `${p.price.amount} ${p.price.currency}` : '');
  const priceWidth = Math.max(5, ...page.data.map((p) => priceOf(p).length));
  const titleWidth = Math.max(10, width - idWidth - priceWidth - 18);
  const line = (id: string, title: string, price: string, availability: string) =>
    `${clip(id, idWidth).padEnd(idWidth)}  ${clip(title, titleWidth).padEnd(titleWidth)}  ${price.padStart(priceWidth)}  ${availability}`.trimEnd();
  const lines = [line('ID', 'TITLE', 'PRICE', 'AVAILABILITY')];
  for (const p of page.data) lines.push(line(String(p.id), String(p.title), priceOf(p), p.availability ?? ''));
  if (page.next_cursor) lines.push(`… more: --cursor ${page.next_cursor}`);
  return lines;
}

/** Cut to `width` characters with an ellipsis. */
export function clip(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`;
}
