import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository root (tools/harness/ → ../..): processes run here and `dist/` is built here. */
export const REPO_ROOT = resolve(__dirname, '..', '..');
export const DIST_DIR = join(REPO_ROOT, 'dist');

/**
 * The Node flags the service runs with in production, taken from package.json's "start" script
 * (`node <flags> dist/main.js`), so every suite starts the processes exactly as deployed.
 */
export function serviceNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const words = (pkg.scripts?.start ?? '').trim().split(/\s+/);
  const entry = words.indexOf('dist/main.js');
  return words[0] === 'node' && entry > 0 ? words.slice(1, entry).filter((w) => w.startsWith('--')) : [];
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
