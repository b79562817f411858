import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(__dirname, '..', '..');
export const DIST_DIR = join(REPO_ROOT, 'dist');
/** The entry points the built-process suites start. */
export const ENTRY_POINTS = ['main.js', 'worker.js', 'cli.js', 'client.js'] as const;

/** Newest modification time of the built sources (specs are not built, so they never count). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (!entry.name.endsWith('.spec.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Why dist/ cannot be trusted to be the code in src/, or null when it can. */
export function staleBuildReason(): string | null {
  const missing = ENTRY_POINTS.filter((entry) => !existsSync(join(DIST_DIR, entry)));
  if (missing.length > 0) return `${missing.map((m) => `dist/${m}`).join(', ')} missing`;
  // The `product-directory` bin must be executable for npx (the postbuild script sets the bit).
  if ((statSync(join(DIST_DIR, 'client.js')).mode & 0o111) === 0) return 'dist/client.js is not executable';
  const builtAt = Math.min(...ENTRY_POINTS.map((entry) => statSync(join(DIST_DIR, entry)).mtimeMs));
  return newestSource(join(REPO_ROOT, 'src')) > builtAt ? 'src/ changed after dist/ was built' : null;
}

/**
 * Suites that start the built processes test dist/, so dist/ must be the current src/: rebuilds it
 * (`npm run build`) when it is missing or older than src/, and throws a clear error when that fails.
 */
export function ensureFreshBuild(log: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): void {
  const reason = staleBuildReason();
  if (!reason) return;
  log(`[build] ${reason}: running \`npm run build\` so the built processes are the code under test`);
  try {
    execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'], timeout: 300_000 });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`dist/ is stale (${reason}) and \`npm run build\` failed; fix the build first.\n${stderr}`);
  }
  const still = staleBuildReason();
  if (still) throw new Error(`\`npm run build\` finished but dist/ is still unusable: ${still}`);
}
