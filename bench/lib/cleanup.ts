/**
 * Things to undo at the end of a run, run last-in first-out exactly once: on success, on error
 * and on SIGINT/SIGTERM.
 */
export class Cleanup {
  private readonly tasks: { name: string; fn: () => Promise<unknown> }[] = [];
  private running: Promise<void> | null = null;
  interrupted = false;

  add(name: string, fn: () => Promise<unknown>): void {
    this.tasks.push({ name, fn });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      while (this.tasks.length > 0) {
        const { name, fn } = this.tasks.pop()!;
        try {
          await fn();
        } catch (error) {
          process.stderr.write(`cleanup "${name}" failed: ${(error as Error).message}\n`);
        }
      }
    })();
    return this.running;
  }

  installSignalHandlers(): void {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        this.interrupted = true;
        process.stderr.write(`\n${signal}: stopping the service processes and cleaning up...\n`);
        void this.run().finally(() => process.exit(130));
      });
    }
  }
}

/** Runs `main` with cleanup on every exit path; sets the exit code. */
export async function runMain(cleanup: Cleanup, main: () => Promise<void>): Promise<void> {
  cleanup.installSignalHandlers();
  try {
    await main();
  } catch (error) {
    if (cleanup.interrupted) return; // the signal handler cleans up and exits
    process.stderr.write(`\nBENCH FAILED: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 1;
  } finally {
    await cleanup.run();
  }
  // Lingering sockets (keep-alive, pg) must not keep the process alive.
  setTimeout(() => process.exit(process.exitCode ?? 0), 200).unref();
}
