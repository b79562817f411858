import type { ServiceProcess } from '../../tools/harness/service-process';
import { formatTable, writeJson } from './support/report';
import { type RunContext, runShape, type ShapeResult } from './support/run-shape';
import { FEED_SHAPES } from './support/feed-shapes';
import { HOSTILE_SHAPES, REALISTIC } from './support/shapes';
import { startApi } from './support/stack';

/**
 * Each hostile shape at full size through the real API to a separate worker
 * process; exact end state, no process exit, no 5xx, worker peak RSS ≤ 300 MiB, and no shape
 * slower than TIME_RATIO_LIMIT × the realistic catalog measured first in the same run. Prints the table at the
 * end; HOSTILE_JSON=<path> also writes it as JSON. HOSTILE_ONLY=<name,…> runs only those shapes
 * (the baseline always runs).
 */
const only = process.env.HOSTILE_ONLY?.split(',').map((name) => name.trim());
const shapes = [...HOSTILE_SHAPES, ...FEED_SHAPES].filter((shape) => !only || only.includes(shape.name));

describe('hostile files (npm run test:hostile)', () => {
  const results: ShapeResult[] = [];
  let api: ServiceProcess;
  let context: RunContext;

  beforeAll(async () => {
    const started = await startApi();
    api = started.api;
    context = { baseUrl: started.baseUrl, api, baselineSeconds: null };
  });

  afterAll(async () => {
    await api?.stop();
    if (results.length === 0) return;
    process.stdout.write(`\nhostile-file suite (logs and files in $TMPDIR/pds-hostile):\n${formatTable(results)}`);
    if (process.env.HOSTILE_JSON) writeJson(process.env.HOSTILE_JSON, results);
  });

  test(REALISTIC.title, async () => {
    const result = await runShape(REALISTIC, context);
    results.push(result);
    // Any baseline that imported the whole file gives the time bound (even one over the RSS limit).
    if (result.status === 'done') context.baselineSeconds = result.seconds;
    expect(result.problems).toEqual([]);
  });

  test.each(shapes.map((shape) => [shape.title, shape] as const))('%s', async (_title, shape) => {
    const result = await runShape(shape, context);
    results.push(result);
    expect(result.problems).toEqual([]);
  });
});
