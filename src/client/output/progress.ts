import { SingleBar } from 'cli-progress';
import type { ImportJob } from '../api/types';
import { formatBytes, formatCount, formatDuration, processedCount } from './format';
import { RateMeter } from './rate-meter';

/** What `import` reports while it uploads and waits (bars, plain lines or nothing). */
export interface ImportProgress {
  uploadStarted(size: number): void;
  uploadProgress(sent: number): void;
  uploadDone(jobId: string): void;
  /** Each status poll with `--wait`. */
  job(job: ImportJob): void;
  /** The service answered 429/503: the next poll waits this long. */
  retrying(status: number, waitMs: number): void;
  /** Leaves the terminal clean (bars stopped) before the final output. */
  stop(): void;
}

export type ProgressMode = 'bars' | 'lines' | 'none';

/** Bars only on a terminal; plain lines when stdout is piped; nothing with --json. */
export function progressMode(options: { json: boolean; stdoutIsTTY: boolean; stderrIsTTY: boolean }): ProgressMode {
  if (options.json) return 'none';
  return options.stdoutIsTTY && options.stderrIsTTY ? 'bars' : 'lines';
}

export function createProgress(mode: ProgressMode, stderr: NodeJS.WritableStream, now: () => number = Date.now): ImportProgress {
  if (mode === 'bars') return new BarProgress(stderr, now);
  if (mode === 'lines') return new LineProgress((line) => stderr.write(`${line}\n`), now);
  return SILENT;
}

const SILENT: ImportProgress = {
  uploadStarted: () => undefined,
  uploadProgress: () => undefined,
  uploadDone: () => undefined,
  job: () => undefined,
  retrying: () => undefined,
  stop: () => undefined,
};

/** The words shown for a job with no element counted (yet, or ever). */
function waitingLabel(job: ImportJob): string {
  const labels: Record<ImportJob['status'], string> = {
    pending: 'queued, waiting for a worker',
    processing: 'scanning the file',
    done: 'done: the array was empty',
    failed: 'failed',
  };
  return labels[job.status];
}

/** The processing figures both reporters show: "1,200/59,564 | skipped 0 | failed 12 | 4,100/s | ETA 14.2 s". */
export function processingText(job: ImportJob, meter: RateMeter): string {
  const rate = meter.perSecond();
  const eta = meter.etaMs(job.total);
  const parts = [
    `${formatCount(processedCount(job))}/${formatCount(job.total)}`,
    `skipped ${formatCount(job.skipped_count)}`,
    `failed ${formatCount(job.failed_count)}`,
    rate === null ? '–/s' : `${formatCount(Math.round(rate))}/s`,
  ];
  // Once every element is counted there is nothing left to estimate.
  if (processedCount(job) < job.total) parts.push(`ETA ${eta === null ? '–' : formatDuration(eta)}`);
  return parts.join(' | ');
}

/** Two cli-progress bars on stderr, one after the other: upload (bytes, rate), then processing. */
class BarProgress implements ImportProgress {
  private bar: SingleBar | null = null;
  private readonly bytes: RateMeter;
  private readonly items: RateMeter;
  private size = 0;
  private phase: 'upload' | 'processing' | null = null;

  constructor(
    private readonly stream: NodeJS.WritableStream,
    now: () => number,
  ) {
    this.bytes = new RateMeter(now);
    this.items = new RateMeter(now);
  }

  uploadStarted(size: number): void {
    this.size = size;
    this.bytes.sample(0);
    this.start('Uploading   {bar} {percentage}% | {text}', Math.max(size, 1), { text: this.uploadText(0) });
    this.phase = 'upload';
  }

  uploadProgress(sent: number): void {
    this.bytes.sample(sent);
    this.bar?.update(sent, { text: this.uploadText(sent) });
  }

  uploadDone(_jobId: string): void {
    this.bar?.update(Math.max(this.size, 1), { text: this.uploadText(this.size) });
    this.finish();
  }

  job(job: ImportJob): void {
    if (this.phase !== 'processing') {
      this.start('Processing  {bar} {percentage}% | {text}', 1, { text: waitingLabel(job) });
      this.phase = 'processing';
    }
    if (job.total === 0) {
      this.bar?.update(job.status === 'done' ? 1 : 0, { text: waitingLabel(job) });
      return;
    }
    this.items.sample(processedCount(job));
    this.bar?.setTotal(job.total);
    this.bar?.update(processedCount(job), { text: processingText(job, this.items) });
  }

  retrying(status: number, waitMs: number): void {
    this.bar?.update({ text: `service busy (HTTP ${status}), retrying in ${formatDuration(waitMs)}` });
  }

  stop(): void {
    this.finish();
  }

  private uploadText(sent: number): string {
    const rate = this.bytes.perSecond();
    return `${formatBytes(sent)} / ${formatBytes(this.size)} | ${rate === null ? '–' : formatBytes(rate)}/s`;
  }

  private start(format: string, total: number, payload: { text: string }): void {
    this.finish();
    this.bar = new SingleBar({
      format,
      stream: this.stream,
      barsize: 28,
      barCompleteChar: '\u2588',
      barIncompleteChar: '\u2591',
      hideCursor: true,
      clearOnComplete: false,
      fps: 10,
    });
    this.bar.start(total, 0, payload);
  }

  private finish(): void {
    this.bar?.stop();
    this.bar = null;
  }
}

/** Plain lines (no escape codes) for logs and pipes: phase changes, and at most one line per interval. */
export class LineProgress implements ImportProgress {
  private readonly bytes: RateMeter;
  private readonly items: RateMeter;
  private size = 0;
  private lastLineAt = -Infinity;
  private lastStatus: string | null = null;

  constructor(
    private readonly write: (line: string) => void,
    private readonly now: () => number,
    private readonly intervalMs = 5_000,
  ) {
    this.bytes = new RateMeter(now);
    this.items = new RateMeter(now);
  }

  uploadStarted(size: number): void {
    this.size = size;
    this.bytes.sample(0);
    this.emit(`upload: ${formatBytes(size)}`, true);
  }

  uploadProgress(sent: number): void {
    this.bytes.sample(sent);
    const percent = this.size === 0 ? 100 : Math.floor((sent / this.size) * 100);
    const rate = this.bytes.perSecond();
    this.emit(`upload: ${formatBytes(sent)} / ${formatBytes(this.size)} (${percent}%)${rate === null ? '' : `, ${formatBytes(rate)}/s`}`);
  }

  uploadDone(jobId: string): void {
    this.emit(`upload: done, job ${jobId}`, true);
  }

  job(job: ImportJob): void {
    const changed = job.status !== this.lastStatus;
    this.lastStatus = job.status;
    if (job.total === 0 && job.status !== 'done' && job.status !== 'failed') {
      this.emit(`import: ${waitingLabel(job)}`, changed);
      return;
    }
    this.items.sample(processedCount(job));
    // The final counters follow on stdout; a last progress line would only repeat them.
    if (job.status === 'done' || job.status === 'failed') return;
    this.emit(`import: ${job.status} ${processingText(job, this.items)}`, changed);
  }

  retrying(status: number, waitMs: number): void {
    this.emit(`service busy (HTTP ${status}), retrying in ${formatDuration(waitMs)}`, true);
  }

  stop(): void {
    // Nothing to clean up: every line is already complete.
  }

  private emit(line: string, force = false): void {
    const at = this.now();
    if (!force && at - this.lastLineAt < this.intervalMs) return;
    this.lastLineAt = at;
    this.write(line);
  }
}
