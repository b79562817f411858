import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The fences `npm run lint` keeps (tools/lint/fences.mjs): each probe is a one-line file at a
 * path of the repository, linted with the fences alone; a deliberate violation of each fence must
 * fail with that fence's rule, and the allowed neighbour of each must pass.
 */
const REPO = resolve(__dirname, '..');

interface Probe {
  filePath: string;
  code: string;
}

function lint(probes: Probe[]): Map<string, string[]> {
  const output = execFileSync(process.execPath, ['tools/lint/lint-probes.mjs'], {
    cwd: REPO,
    input: JSON.stringify(probes),
    encoding: 'utf8',
  });
  const results = JSON.parse(output) as Array<{ filePath: string; rules: string[] }>;
  return new Map(results.map((result) => [result.filePath, result.rules]));
}

const importing = (filePath: string, source: string): Probe => ({
  filePath,
  code: `import { x } from '${source}';\nexport const y = x;\n`,
});

describe('the fences the linter keeps', () => {
  const violations: Array<[string, Probe, string]> = [
    [
      'another module’s internals (the import worker, from MCP)',
      importing('src/mcp/probe.ts', '../imports/worker/import-job-runner.service'),
      'house/module-faces',
    ],
    [
      'another module’s repository (the job store, from health)',
      importing('src/health/probe.ts', '../imports/jobs/repositories/import-job.repository'),
      'house/module-faces',
    ],
    [
      'the catalog’s index writer internals, from imports',
      importing('src/imports/pipeline/probe.ts', '../../catalog/indexing/search-index.repository'),
      'house/module-faces',
    ],
    [
      'the fast path past its door, from the pipeline',
      importing('src/imports/pipeline/probe.ts', './fast-path/fast-product-check'),
      'house/module-faces',
    ],
    ['the bench, from a test', importing('test/catalog/probe.ts', '../../bench/lib/report'), 'no-restricted-imports'],
    ['the bench, from the service', importing('src/catalog/probe.ts', '../../bench/lib/report'), 'no-restricted-imports'],
  ];
  const allowed: Array<[string, Probe]> = [
    ['another module’s face (the job reads, from MCP)', importing('src/mcp/probe.ts', '../imports/import-jobs.service')],
    ['a module’s own internals', importing('src/imports/probe.ts', './jobs/repositories/import-job.repository')],
    ['the fast path through its door', importing('src/imports/pipeline/probe.ts', './fast-path/fast-path')],
    ['the fast path’s own files, from inside it', importing('src/imports/pipeline/fast-path/probe.ts', './fast-product-check')],
    ['a shared layer whole (common)', importing('src/mcp/probe.ts', '../common/errors/connection-errors')],
    ['the harness, from a test', importing('test/catalog/probe.ts', '../../tools/harness/settled')],
    [
      'another module’s internals, from a spec of its own',
      importing('src/mcp/probe.spec.ts', '../imports/worker/import-job-runner.service'),
    ],
  ];

  // One linter run for every probe; each probe gets a file name of its own.
  const probes = [...violations.map(([, probe]) => probe), ...allowed.map(([, probe]) => probe)].map((probe, i) => ({
    ...probe,
    filePath: probe.filePath.replace('probe', `probe-${i}`),
  }));
  const results = lint(probes);
  const rulesOf = (index: number) => results.get(probes[index].filePath);

  it.each(violations.map((violation, index) => [violation[0], index, violation[2]] as const))('refuses %s', (_name, index, rule) => {
    expect(rulesOf(index)).toEqual([rule]);
  });

  it.each(allowed.map((allowance, index) => [allowance[0], violations.length + index] as const))('allows %s', (_name, index) => {
    expect(rulesOf(index)).toEqual([]);
  });
});
