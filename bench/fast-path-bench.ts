/**
 * What each fast-path shortcut saves of the worker's CPU on the bench catalog.
 *
 *   npm run bench:fast-path -- [--rounds 5] [--size-mib 50] [--seed 42] [--json out.json]
 *
 * Generates the catalog of `npm run bench` (same generator, same seed), cuts it into the worker's
 * batches (same splitter, 1 MiB chunks fed in 64 KiB slices, same batch limits), then times the
 * batch preparation's CPU work (id guess, raw hash, parse, evaluation: no database) once per
 * variant of the fast path: the reference path only, the reference plus one shortcut, everything
 * on, and everything but one shortcut. A shortcut's gain "alone" is reference minus reference
 * plus it, as a share of the worker CPU the import would take on the reference path; its gain
 * "last on" is everything but it minus everything, as a share of today's worker CPU: what the
 * import loses without it. Each pass runs in a fresh child process with the worker's
 * Node flags (a cold process, as the import's worker is, and no variant's JIT state leaks into
 * another), in rounds with the order rotated; the table gives medians of process.cpuUsage().
 * The re-import scenario times the same work on the unchanged file after an import (stored hashes
 * of every product), where the id guess is the shortcut that applies.
 * The first round also digests every outcome (verdict, id, errors, raw and content hash, canonical
 * bytes) and the run fails unless every variant's digest equals the reference's.
 */
import { spawnSync } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseCommandLine } from './lib/args';
import { generateCatalog } from '../tools/harness/generate-catalog';
import { REPO_ROOT } from '../tools/harness/repo';
import type { StoredHashes } from '../src/catalog/product-write';
import { loadConfig } from '../src/common/config/load-config';
import { BatchCutter } from '../src/imports/pipeline/batch-cutter';
import { elementEvaluation, parseElement, rawHashOfElement, unchangedElement } from '../src/imports/pipeline/element-evaluator';
import type { ElementOutcome } from '../src/imports/pipeline/element-outcome';
import { SPLIT_SLICE_BYTES } from '../src/imports/pipeline/file-scan';
import { ALL_SHORTCUTS, type FastPath, fastPathWith, type FastPathShortcuts } from '../src/imports/pipeline/fast-path/fast-path';
import { InvalidVerdicts } from '../src/imports/pipeline/invalid-verdicts';
import { JsonArraySplitter } from '../src/imports/pipeline/parsing/json-array-splitter';
import { MAX_ELEMENT_BYTES, type RawElement } from '../src/imports/pipeline/raw-element';
import { median } from './lib/median';

const USAGE = `usage: npm run bench:fast-path -- [--rounds N] [--size-mib M] [--seed S] [--json FILE]
  --rounds N                  passes per variant, order rotated each round (default 5)
  --size-mib M                catalog size (default 50, as npm run bench)
  --seed S                    generator seed (default 42, as npm run bench)
  --import-worker-cpu-s X     the worker's CPU seconds for the whole import, from npm run bench (default 2.46)
  --reimport-worker-cpu-s X   the same for the unchanged re-import (default 0.80)
  --json FILE                 also write the results as JSON`;

const MIB = 1024 * 1024;
/** The stored file is read in chunks of this size (CHUNK_BYTES of the upload). */
const CHUNK_BYTES = MIB;
/** IMPORT_BATCH_SIZE and IMPORT_BATCH_BYTES defaults (the configuration's own, not a copy). */
const DEFAULT_WORKER = loadConfig({}).worker;
const BATCH_LIMITS = { maxProducts: DEFAULT_WORKER.batchSize, maxBytes: DEFAULT_WORKER.batchBytes };
/** The standalone worker's flags (npm run start:worker). */
const WORKER_NODE_FLAGS = ['--max-semi-space-size=32', '--max-old-space-size=192'];

type Shortcut = keyof FastPathShortcuts;
const SHORTCUTS = Object.keys(ALL_SHORTCUTS) as Shortcut[];
const NONE: FastPathShortcuts = { productCheck: false, canonicalBytes: false, guessId: false };
type Scenario = 'import' | 'reimport';

interface Variant {
  name: string;
  scenario: Scenario;
  shortcuts: FastPathShortcuts;
}

function variants(): Variant[] {
  const list: Variant[] = [];
  for (const scenario of ['import', 'reimport'] as Scenario[]) {
    list.push({ name: 'reference', scenario, shortcuts: NONE });
    for (const s of SHORTCUTS) list.push({ name: `+${s}`, scenario, shortcuts: { ...NONE, [s]: true } });
    list.push({ name: 'all', scenario, shortcuts: ALL_SHORTCUTS });
    for (const s of SHORTCUTS) list.push({ name: `all-${s}`, scenario, shortcuts: { ...ALL_SHORTCUTS, [s]: false } });
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// Child: one timed pass of one variant.

/** The worker's batches: the file split as the apply pass splits it. */
function batchesOf(file: string): RawElement[][] {
  const bytes = readFileSync(file);
  const splitter = new JsonArraySplitter({ maxElementBytes: MAX_ELEMENT_BYTES });
  const cutter = new BatchCutter(BATCH_LIMITS);
  const batches: RawElement[][] = [];
  let batch: RawElement[] = [];
  const take = (elements: RawElement[]): void => {
    for (const element of elements) {
      batch.push(element);
      if (cutter.add(element)) {
        batches.push(batch);
        batch = [];
      }
    }
  };
  for (let chunkAt = 0; chunkAt < bytes.length; chunkAt += CHUNK_BYTES) {
    const chunk = Buffer.from(bytes.subarray(chunkAt, chunkAt + CHUNK_BYTES)); // its own buffer, as read from storage
    for (let at = 0; at < chunk.length; at += SPLIT_SLICE_BYTES) take(splitter.push(chunk.subarray(at, at + SPLIT_SLICE_BYTES)));
  }
  take(splitter.end());
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** ImportBatchService.prepare's CPU work for one batch, without the database: `stored` stands for its lookups. */
function prepareBatch(
  elements: RawElement[],
  stored: ReadonlyMap<string, StoredHashes>,
  verdicts: InvalidVerdicts,
  fastPath: FastPath,
): ElementOutcome[] {
  const guesses = elements.map((e) => fastPath.guessElementId(e));
  const rawHashes = elements.map((e, i) => (guesses[i] === null ? null : rawHashOfElement(e)));
  const parsed = elements.map((element, i) => {
    const id = guesses[i];
    const rawHash = rawHashes[i];
    if (id !== null && rawHash !== null && stored.get(id)?.rawHash === rawHash) return unchangedElement(element, id, rawHash);
    return parseElement(element, rawHash ?? undefined, fastPath);
  });
  const occurrences = new Map<string, number>();
  for (const p of parsed) if (p.idHint !== null) occurrences.set(p.idHint, (occurrences.get(p.idHint) ?? 0) + 1);
  const complete = parsed.map((p, i) =>
    p.unparsed && (occurrences.get(p.idHint!) ?? 0) > 1 ? parseElement(elements[i], p.rawHash ?? undefined, fastPath) : p,
  );
  return complete.map(elementEvaluation(complete, stored, verdicts, fastPath));
}

function pass(
  batches: RawElement[][],
  stored: ReadonlyMap<string, StoredHashes>,
  fastPath: FastPath,
  each: (outcome: ElementOutcome) => void,
): void {
  // A fresh verdict cache: the first import of a worker starts with an empty one.
  const verdicts = new InvalidVerdicts();
  for (const batch of batches) for (const outcome of prepareBatch(batch, stored, verdicts, fastPath)) each(outcome);
}

function digestInto(hash: Hash): (outcome: ElementOutcome) => void {
  return (o) => {
    if (o.kind === 'invalid') {
      hash.update(`I${o.index}\t${o.productId}\t${JSON.stringify(o.errors)}\n`);
    } else {
      hash.update(`V${o.index}\t${o.productId}\t${o.rawHash}\t${o.contentHash}\t`);
      if (o.json !== null) hash.update(o.json);
      hash.update('\n');
    }
  };
}

function child(file: string, variant: Variant, verify: boolean): void {
  const batches = batchesOf(file);
  const fastPath = fastPathWith(variant.shortcuts);
  const stored = new Map<string, StoredHashes>();
  if (variant.scenario === 'reimport') {
    // The import before it, with today's fast path (the worker that re-imports has run it).
    pass(batches, new Map(), fastPathWith(ALL_SHORTCUTS), (o) => {
      if (o.kind === 'valid') stored.set(o.productId, { contentHash: o.contentHash!, rawHash: o.rawHash });
    });
  }
  let outcomes = 0;
  const before = process.cpuUsage();
  pass(batches, stored, fastPath, () => outcomes++);
  const used = process.cpuUsage(before);
  let digest: string | null = null;
  if (verify) {
    const hash = createHash('sha256');
    pass(batches, stored, fastPath, digestInto(hash));
    digest = hash.digest('hex');
  }
  process.stdout.write(`${JSON.stringify({ cpu_s: (used.user + used.system) / 1e6, outcomes, digest })}\n`);
}

// ---------------------------------------------------------------------------------------------
// Parent: rounds of child passes, then the table.

interface ChildResult {
  cpu_s: number;
  outcomes: number;
  digest: string | null;
}

function runChild(file: string, variant: Variant, verify: boolean): ChildResult {
  const args = [
    ...WORKER_NODE_FLAGS,
    '-r',
    'ts-node/register/transpile-only',
    __filename,
    '--child',
    JSON.stringify({ file, variant, verify }),
  ];
  const result = spawnSync(process.execPath, args, { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 16 * MIB });
  if (result.status !== 0) throw new Error(`${variant.scenario} ${variant.name} failed (${result.status}): ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as ChildResult;
}

const fmt = (n: number, digits = 3): string => n.toFixed(digits);
const pct = (n: number): string => `${(n * 100).toFixed(1)} %`;

async function parent(): Promise<void> {
  const args = parseCommandLine(
    {
      rounds: { type: 'string' },
      'size-mib': { type: 'string' },
      seed: { type: 'string' },
      'import-worker-cpu-s': { type: 'string' },
      'reimport-worker-cpu-s': { type: 'string' },
      json: { type: 'string' },
    },
    USAGE,
  );
  const rounds = args.number('rounds', 5, { min: 1, integer: true })!;
  const sizeBytes = Math.floor(args.number('size-mib', 50, { min: 0.02 })! * MIB);
  const seed = args.number('seed', 42, { integer: true })!;
  const workerCpu: Record<Scenario, number> = {
    import: args.number('import-worker-cpu-s', 2.46, { min: 0.001 })!,
    reimport: args.number('reimport-worker-cpu-s', 0.8, { min: 0.001 })!,
  };
  const jsonPath = args.string('json');
  const log = (line: string): void => void process.stderr.write(`[fast-path-bench] ${line}\n`);

  const manifest = await generateCatalog({ sizeBytes, seed, outDir: path.join(REPO_ROOT, 'bench-data') });
  log(`${manifest.file}: ${manifest.bytes} bytes, ${manifest.products} elements (${manifest.invalid_products} invalid)`);
  const all = variants();
  const cpu = new Map<Variant, number[]>(all.map((v) => [v, []]));
  const digests = new Map<Variant, string>();
  const loadAtStart = os.loadavg();
  for (let round = 0; round < rounds; round++) {
    const order = all.map((_, i) => all[(i + round * 3) % all.length]);
    for (const variant of order) {
      const result = runChild(manifest.file, variant, round === 0);
      if (result.outcomes !== manifest.products)
        throw new Error(`${variant.name}: ${result.outcomes} outcomes for ${manifest.products} elements`);
      cpu.get(variant)!.push(result.cpu_s);
      if (result.digest !== null) digests.set(variant, result.digest);
      log(`round ${round + 1}/${rounds} ${variant.scenario} ${variant.name}: ${fmt(result.cpu_s)} CPU s`);
    }
  }
  for (const v of all) {
    const reference = all.find((r) => r.scenario === v.scenario && r.name === 'reference')!;
    if (digests.get(v) !== digests.get(reference)) throw new Error(`${v.scenario} ${v.name}: outcomes differ from the reference path's`);
  }

  const medianOf = (scenario: Scenario, name: string): number =>
    median(cpu.get(all.find((v) => v.scenario === scenario && v.name === name)!)!);
  const rows: Record<string, unknown>[] = [];
  const lines: string[] = [];
  for (const scenario of ['import', 'reimport'] as Scenario[]) {
    const reference = medianOf(scenario, 'reference');
    const everything = medianOf(scenario, 'all');
    // Alone: a share of the worker CPU the import would take on the reference path; last on: of today's.
    const referenceWorkerCpu = workerCpu[scenario] + reference - everything;
    lines.push(
      `${scenario}: reference ${fmt(reference)} CPU s, all shortcuts ${fmt(everything)} CPU s (median of ${rounds}); ` +
        `worker CPU s of the whole ${scenario}: ${fmt(workerCpu[scenario], 2)} today, ${fmt(referenceWorkerCpu, 2)} on the reference path`,
    );
    lines.push('  shortcut               alone: saved CPU s  worker  pass     last on: saved CPU s  worker  pass');
    for (const s of SHORTCUTS) {
      const alone = reference - medianOf(scenario, `+${s}`);
      const last = medianOf(scenario, `all-${s}`) - everything;
      lines.push(
        `  ${s.padEnd(22)} ${fmt(alone).padStart(17)}  ${pct(alone / referenceWorkerCpu).padStart(6)}  ${pct(alone / reference).padStart(6)}` +
          `  ${fmt(last).padStart(19)}  ${pct(last / workerCpu[scenario]).padStart(6)}  ${pct(last / everything).padStart(6)}`,
      );
      rows.push({
        scenario,
        shortcut: s,
        alone_saved_cpu_s: alone,
        alone_share_worker: alone / referenceWorkerCpu,
        alone_share_pass: alone / reference,
        last_on_saved_cpu_s: last,
        last_on_share_worker: last / workerCpu[scenario],
        last_on_share_pass: last / everything,
      });
    }
    const total = reference - everything;
    lines.push(
      `  ${'all together'.padEnd(22)} ${fmt(total).padStart(17)}  ${pct(total / referenceWorkerCpu).padStart(6)}  ${pct(total / reference).padStart(6)}`,
    );
  }
  lines.push(
    `outcomes identical to the reference path's in every variant (${all.length} digests); load ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} -> ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
  if (jsonPath) {
    const passes = all.map((v) => ({ scenario: v.scenario, variant: v.name, cpu_s: cpu.get(v), median_cpu_s: median(cpu.get(v)!) }));
    writeFileSync(
      jsonPath,
      JSON.stringify({ rounds, seed, bytes: manifest.bytes, worker_cpu_s: workerCpu, passes, shortcuts: rows }, null, 2),
    );
  }
}

const childAt = process.argv.indexOf('--child');
if (childAt >= 0) {
  const { file, variant, verify } = JSON.parse(process.argv[childAt + 1]) as { file: string; variant: Variant; verify: boolean };
  child(file, variant, verify);
} else {
  parent().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
