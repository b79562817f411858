import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * docs/architecture.md must match the tree: every path it names exists, and every function a
 * table row names next to its file is declared in that file. (A move that forgets the map fails here.)
 */
const ROOT = resolve(__dirname, '..');
// Without the fenced diagrams (their ``` would pair with the inline backticks).
const MAP = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8').replace(/```[\s\S]*?```/g, '');

const ROOTED_PATH = /^(src|test|tools|bench|docs)\/[\w./-]*$/;
const IDENTIFIER = /^([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?(\(\))?$/;

const ticks = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const tableRows = () =>
  MAP.split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .map((line) => line.split('|').slice(1, -1));

/** A class, function, constant or method named `name` is declared in `source`. */
function declares(source: string, name: string): boolean {
  const member = new RegExp(`^\\s*(?:(?:public|private|protected|static|async|readonly|export|default)\\s+)*\\*?${name}\\s*[(<]`, 'm');
  const binding = new RegExp(`\\b(?:function\\*?|class|const|let|interface|type)\\s+${name}\\b`);
  return member.test(source) || binding.test(source);
}

describe('docs/architecture.md', () => {
  it('names only paths that exist', () => {
    const paths = [...new Set(ticks(MAP).filter((t) => ROOTED_PATH.test(t)))];
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });

  it('names, in the module table, only files and folders that exist in the module’s folder', () => {
    const missing: string[] = [];
    let checked = 0;
    for (const cells of tableRows()) {
      const folder = cells.map((c) => c.trim()).find((c) => /^`src\/[\w/-]+\/`$/.test(c));
      if (!folder) continue;
      const base = folder.slice(1, -1);
      for (const name of ticks(cells.join('|')).filter((t) => !ROOTED_PATH.test(t) && /(\.ts|\/)$/.test(t))) {
        checked++;
        if (!existsSync(join(ROOT, base, name))) missing.push(`${base}${name}`);
      }
    }
    expect(checked).toBeGreaterThan(15);
    expect(missing).toEqual([]);
  });

  it('names, in every “file | function” row, a function declared in that file', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const cells of tableRows()) {
      const trimmed = cells.map((c) => c.trim());
      const at = trimmed.findIndex((c) => /^`[^`]+\.ts`$/.test(c) && ROOTED_PATH.test(c.slice(1, -1)));
      const symbol = trimmed[at + 1]?.match(/^`([^`]+)`$/)?.[1].match(IDENTIFIER);
      if (at < 0 || !symbol) continue;
      const file = trimmed[at].slice(1, -1);
      const source = existsSync(join(ROOT, file)) ? readFileSync(join(ROOT, file), 'utf8') : '';
      const [, owner, member] = symbol;
      checked++;
      const found = member ? source.includes(`class ${owner}`) && declares(source, member) : declares(source, owner);
      if (!found) wrong.push(`${file}: ${member ? `${owner}.${member}` : owner}`);
    }
    expect(checked).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });
});
