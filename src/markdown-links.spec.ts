import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

/**
 * Every relative link of the repository's Markdown resolves: the file exists and, for `#anchor`,
 * one of its headings has that GitHub anchor. Files that are not Markdown (code comments, the
 * compose file, the Dockerfile) are held to the same for the `.md` files and `README "Section"`
 * they name, since that is how they point readers to the docs.
 */
const ROOT = resolve(__dirname, '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((path) => path !== '' && existsSync(join(ROOT, path)));
const markdown = tracked.filter((path) => path.endsWith('.md'));
const withoutFences = (text: string) => text.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of withoutFences(text).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = heading.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const anchorsOf = new Map<string, Set<string>>();
function anchorsIn(path: string): Set<string> {
  if (!anchorsOf.has(path)) anchorsOf.set(path, headingAnchors(readFileSync(join(ROOT, path), 'utf8')));
  return anchorsOf.get(path)!;
}

/** What is wrong with `target` linked from `from`, or null when it resolves. */
function brokenLink(from: string, target: string): string | null {
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const path = pathPart === '' ? from : join(dirname(from), decodeURIComponent(pathPart));
  if (!existsSync(join(ROOT, path))) return `${path} does not exist`;
  if (anchor === undefined || !path.endsWith('.md') || statSync(join(ROOT, path)).isDirectory()) return null;
  return anchorsIn(path).has(anchor.toLowerCase()) ? null : `${path} has no heading #${anchor}`;
}

describe('Markdown links', () => {
  it('computes anchors the way GitHub does', () => {
    const anchors = headingAnchors(
      '# Run it\n## `GET /v1/catalogs`: counts\n## Run it\n```\n# not a heading\n```\n### Retention, sessions, shutdown, memory',
    );
    expect([...anchors]).toEqual(['run-it', 'get-v1catalogs-counts', 'run-it-1', 'retention-sessions-shutdown-memory']);
  });

  it.each(markdown)('every relative link in %s resolves, #anchor included', (file) => {
    const text = withoutFences(readFileSync(join(ROOT, file), 'utf8')).replace(/`[^`\n]*`/g, '');
    const targets = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
    const broken = targets
      .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target)) // http:, https:, mailto:
      .map((target) => [target, brokenLink(file, target)])
      .filter(([, problem]) => problem !== null);
    expect(broken).toEqual([]);
  });

  it('every Markdown file and README section named outside Markdown exists', () => {
    const names = new Set(markdown.map((path) => basename(path)));
    const sources = tracked.filter(
      (path) =>
        /\.(ts|js|mjs|ya?ml|sh|json)$|(^|\/)Dockerfile$/.test(path) &&
        !path.endsWith('package-lock.json') &&
        path !== relative(ROOT, __filename),
    );
    const broken: string[] = [];
    const readmeAnchors = anchorsIn('README.md');
    for (const path of sources) {
      const text = readFileSync(join(ROOT, path), 'utf8');
      for (const [, name] of text.matchAll(/\b([\w-]+\.md)\b/g)) if (!names.has(name)) broken.push(`${path}: ${name}`);
      for (const [, doc, anchor] of text.matchAll(/\b((?:docs\/)?[\w-]+\.md)#([\w-]+)/g)) {
        const file = markdown.find((m) => m === doc || m === `docs/${doc}`);
        if (file && !anchorsIn(file).has(anchor)) broken.push(`${path}: ${doc}#${anchor}`);
      }
      for (const [, section] of text.matchAll(/README "([^"]+)"/g)) {
        if (!readmeAnchors.has(headingAnchors(`# ${section}`).values().next().value!)) broken.push(`${path}: README "${section}"`);
      }
    }
    expect(broken).toEqual([]);
  });
});
