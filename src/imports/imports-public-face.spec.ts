import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * Imports have a public face: other modules use the services the import modules export
 * (ImportJobsService, the upload), never the job store's repositories: a new format or reader, or a
 * change of the job tables, stays inside src/imports/.
 */
const SRC = resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the imports module’s public face', () => {
  it('keeps its repositories to itself: no file outside src/imports/ imports one', () => {
    const outside = sourceFiles(SRC).filter((file) => !relative(SRC, file).startsWith(`imports/`));
    expect(outside.length).toBeGreaterThan(100);
    const reaching = outside.filter((file) => /from '[^']*\bimports\/[^']*\/repositories\//.test(readFileSync(file, 'utf8')));
    expect(reaching.map((file) => relative(SRC, file))).toEqual([]);
  });
});
