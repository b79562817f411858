import type { Command } from 'commander';
import { ApiClient } from './api/api-client';
import { resolveConnection, type GlobalOptions } from './options';
import { createProgress, progressMode, type ImportProgress } from './output/progress';

/** Where the client writes and what it reads: the real process, or a test's fakes. */
export interface ClientIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  /** Registers what Ctrl-C does before the process exits; answers a function that unregisters it. */
  onInterrupt?: (handler: () => void) => () => void;
}

/** What a command's action needs: its options, an API client, output helpers, and its exit code. */
export class CommandContext {
  exitCode = 0;
  /** Shown on Ctrl-C once a job exists: the upload was accepted and the import goes on without us. */
  followHint: string | null = null;
  private active: ImportProgress | null = null;

  constructor(readonly io: ClientIo) {}

  options(command: Command): GlobalOptions {
    return command.optsWithGlobals<GlobalOptions>();
  }

  client(command: Command, progress?: ImportProgress): ApiClient {
    return new ApiClient(resolveConnection(this.options(command), this.io.env), {
      onRetry: (status, waitMs) => progress?.retrying(status, waitMs),
    });
  }

  progress(command: Command): ImportProgress {
    const mode = progressMode({
      json: this.options(command).json === true,
      stdoutIsTTY: this.io.stdout.isTTY === true,
      stderrIsTTY: this.io.stderr.isTTY === true,
    });
    this.active = createProgress(mode, this.io.stderr);
    return this.active;
  }

  /** Ctrl-C: stop the bars (they hide the cursor while drawing) and say how to follow the job. */
  interrupt(): void {
    this.active?.stop();
    if (this.followHint) this.io.stderr.write(`\n${this.followHint}\n`);
  }

  print(lines: string[]): void {
    this.io.stdout.write(`${lines.join('\n')}\n`);
  }

  printJson(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }
}
