import type { BatchDiff } from '../../src/imports/pipeline/batch-diff';
import type { RawElement } from '../../src/imports/pipeline/raw-element';
import type { ImportJob } from '../../src/imports/jobs/entities/import-job.entity';
import { ImportJobRunnerService } from '../../src/imports/worker/import-job-runner.service';

/** Control over one file's batches: the first `pass` commit freely, the next waits until released. */
export interface BatchGate {
  /** Resolves once a batch is waiting at the gate (the `pass` before it have committed). */
  readonly reached: Promise<void>;
  release(): void;
}

interface GateState {
  pass: number;
  /** Hold after that batch committed instead of before (the gap before the job's final commit). */
  afterCommit: boolean;
  seen: number;
  reach: () => void;
  released: Promise<void>;
  open: () => void;
}

/**
 * Test-only ImportJobRunnerService (installed with overrideProvider, never in production code): batches of
 * a file whose name has a gate wait before their commit until the test releases them, so a test
 * can act while an import is mid-way (cancel, delete) and know exactly which batches committed.
 */
export class GatedRunner extends ImportJobRunnerService {
  private readonly gates = new Map<string, GateState>();
  private readonly crashes = new Map<string, { atBatch: number; seen: number }>();

  /** The delivery importing `fileName` throws once, at its batch number `atBatch` (0-based), before that batch commits. */
  crashOnce(fileName: string, atBatch: number): void {
    this.crashes.set(fileName, { atBatch, seen: 0 });
  }

  gate(fileName: string, pass: number, options: { afterCommit?: boolean } = {}): BatchGate {
    let reach!: () => void;
    let open!: () => void;
    const reached = new Promise<void>((resolve) => (reach = resolve));
    const released = new Promise<void>((resolve) => (open = resolve));
    this.gates.set(fileName, { pass, afterCommit: options.afterCommit ?? false, seen: 0, reach, released, open });
    return { reached, release: open };
  }

  protected override async commitBatch(job: ImportJob, batch: RawElement[], diff: BatchDiff): Promise<void> {
    const crash = this.crashes.get(job.fileName);
    if (crash && crash.seen++ === crash.atBatch) throw new Error('test crash before a batch commit');
    const gate = this.gates.get(job.fileName);
    const hold = gate !== undefined && gate.seen++ >= gate.pass;
    if (hold && !gate.afterCommit) await this.wait(gate);
    await super.commitBatch(job, batch, diff);
    if (hold && gate.afterCommit) await this.wait(gate);
  }

  private async wait(gate: GateState): Promise<void> {
    gate.reach();
    await gate.released;
  }
}
