import type { Command } from 'commander';
import { ApiClient } from './api/api-client';
import { resolveConnection, type GlobalOptions } from './options';
import { createProgress, progressMode, type ImportProgress } from './output/progress';

/** Where the client writes and what it reads: the real process, or a test's fakes. */
export interface ClientIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

/** What a command's action needs: its options, an API client, output helpers, and its exit code. */
export class CommandContext {
  exitCode = 0;

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
    return createProgress(mode, this.io.stderr);
  }

  print(lines: string[]): void {
    this.io.stdout.write(`${lines.join('\n')}\n`);
  }

  printJson(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }
}
