import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DIST_DIR, ensureFreshBuild } from '../support/fresh-build';

const STARTED = 'Import worker started';
// eslint-disable-next-line no-control-regex -- pino-pretty's colours
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Starts `node dist/worker.js` (this Jest worker's database and queue, from test-env), optionally on a
 * pseudo-terminal made by util-linux `script`, and answers what it printed up to its start-up line.
 */
function startupOutput(env: Record<string, string>, onTerminal: boolean): Promise<string> {
  const node = `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(DIST_DIR, 'worker.js'))}`;
  const [command, args] = onTerminal ? ['script', ['-qfec', node, '/dev/null']] : [process.execPath, [join(DIST_DIR, 'worker.js')]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args as string[], {
      env: { ...process.env, LOG_LEVEL: 'info', METRICS_PORT: '0', WORKER_CONCURRENCY: '1', LOG_FORMAT: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes(STARTED)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', () => {
      clearTimeout(timer);
      if (out.includes(STARTED)) resolve(out.replace(/\r\n/g, '\n'));
      else reject(new Error(`the worker never logged "${STARTED}"; stdout: ${out}\nstderr: ${err}`));
    });
  });
}

const startLine = (out: string) => out.split('\n').find((line) => line.includes(STARTED)) ?? '';
const isJson = (line: string) => {
  try {
    return typeof JSON.parse(line) === 'object';
  } catch {
    return false;
  }
};

/** LOG_FORMAT: JSON for pipes, files and containers; pino-pretty for a person at a terminal (docs/operations.md). */
describe('Log format (LOG_FORMAT, dist/worker.js)', () => {
  beforeAll(() => ensureFreshBuild(), 300_000);

  it('writes one JSON object per line when stdout is not a terminal (auto)', async () => {
    const out = await startupOutput({}, false);
    const lines = out.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every(isJson)).toBe(true);
    expect(JSON.parse(startLine(out))).toMatchObject({ level: 30, context: 'Bootstrap', msg: expect.stringContaining(STARTED) });
  });

  it('writes readable lines on a terminal (auto), and when LOG_FORMAT=pretty forces it into a pipe', async () => {
    for (const out of [await startupOutput({}, true), await startupOutput({ LOG_FORMAT: 'pretty' }, false)]) {
      const line = startLine(out).replace(ANSI, '');
      expect(isJson(line)).toBe(false);
      expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[Bootstrap\] Import worker started/);
    }
  });

  it('keeps JSON on a terminal when LOG_FORMAT=json forces it', async () => {
    const out = await startupOutput({ LOG_FORMAT: 'json' }, true);
    expect(isJson(startLine(out).trim())).toBe(true);
    expect(JSON.parse(startLine(out).trim())).toMatchObject({ context: 'Bootstrap' });
  });
});
