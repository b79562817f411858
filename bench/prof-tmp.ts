import { readFileSync } from 'node:fs';
import { JsonArraySplitter } from '../src/jobs/parsing/json-array-splitter';
import { CatalogBatchService } from '../src/catalog/import/catalog-batch.service';
import type { RawElement } from '../src/catalog/import/element-evaluator';
const buf = readFileSync('bench-data/catalog-50mib-seed42.json');
const catalog = new Map<string, any>();
const fake = { findHashes: async (_m: any, _o: string, ids: string[]) => new Map(ids.filter((i) => catalog.has(i)).map((i) => [i, catalog.get(i)])) };
const svc = new CatalogBatchService(fake as any);
async function pass(label: string) {
  let t0 = performance.now(); let tSplit = 0; let tPrep = 0; let idx = 0, skipped = 0, indexed = 0;
  const s = new JsonArraySplitter({});
  let batch: RawElement[] = [];
  const flush = async () => { const t = performance.now(); const d = await svc.prepare({} as any, 'o', batch); tPrep += performance.now() - t; skipped += d.skipped; indexed += d.indexed; for (const w of d.writes) catalog.set(w.productId, { contentHash: w.contentHash, rawHash: w.rawHash }); batch = []; };
  for (let at = 0; at < buf.length; at += 65536) {
    const t = performance.now(); const els = s.push(buf.subarray(at, at + 65536)); tSplit += performance.now() - t;
    for (const e of els) { batch.push(e); if (batch.length === 1000) await flush(); }
  }
  for (const e of s.end()) batch.push(e);
  if (batch.length) await flush();
  console.log(label, { total: (performance.now() - t0).toFixed(0), split: tSplit.toFixed(0), prepare: tPrep.toFixed(0), skipped, indexed });
}
(async () => { await pass(process.env.PASSES === '1' ? 'first' : 'first'); if (process.env.PASSES !== '1') { await pass('reimport'); } })();
