import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root (tools/harness/ → ../..): processes run here and `dist/` is built here. */
export const REPO_ROOT = resolve(__dirname, '..', '..');
export const DIST_DIR = join(REPO_ROOT, 'dist');

/**
 * The Node flags a service entry runs with in production, taken from package.json's scripts
 * (`node <flags> dist/<entry>`): "start" for dist/main.js, "start:worker" for dist/worker.js, so
 * every suite starts the processes exactly as deployed.
 */
export function serviceNodeFlags(entry: 'main.js' | 'worker.js' = 'main.js'): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const words = (pkg.scripts?.[entry === 'worker.js' ? 'start:worker' : 'start'] ?? '').trim().split(/\s+/);
  const at = words.indexOf(`dist/${entry}`);
  return words[0] === 'node' && at > 0 ? words.slice(1, at).filter((w) => w.startsWith('--')) : [];
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
