import { execFile, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from './repo';

const running = new Set<ChildProcess>();

/**
 * Runs `node <cliScript> …args`; it must exit 0 and print exactly one JSON object on one line,
 * which is returned.
 */
export function runCli<T = Record<string, unknown>>(
  cliScript: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
): Promise<T> {
  const command = `cli ${args.slice(0, 2).join(' ')}`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [cliScript, ...args], { cwd: REPO_ROOT, env, timeout: timeoutMs }, (error, stdout, stderr) => {
      running.delete(child);
      if (error) return reject(new Error(`${command} failed (${error.message.split('\n')[0]}):\n${stderr || stdout}`));
      const lines = stdout.trim().split('\n');
      if (lines.length !== 1) return reject(new Error(`${command} printed ${lines.length} lines: ${stdout.slice(0, 500)}`));
      try {
        resolve(JSON.parse(lines[0]) as T);
      } catch {
        reject(new Error(`${command} printed no JSON object: ${JSON.stringify(stdout.slice(0, 500))} ${stderr}`));
      }
    });
    running.add(child);
  });
}

/** SIGKILLs the CLI processes still running (on interrupt) and waits for them to exit. */
export async function killRunningCli(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
