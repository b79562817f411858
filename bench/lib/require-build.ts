import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../../tools/harness/repo';

/** The bench measures dist/ as built: refuse to start without it (npm run bench builds first). */
export function requireBuild(): void {
  for (const file of ['dist/main.js', 'dist/worker.js', 'dist/cli.js']) {
    if (!existsSync(path.join(REPO_ROOT, file))) throw new Error(`${file} missing: run "npm run build" first (npm run bench does it)`);
  }
}
