import fc from 'fast-check';
import { ValidProduct } from '../product/valid-product';
import { canonicalJson } from './canonical-json';
import { contentHash } from './content-hash';
import { seededRandom, type Json } from '../testing/seeded-random';

/** Same content, every object's keys re-inserted in a random order. */
function permuteKeys(value: Json, random: () => number): Json {
  if (Array.isArray(value)) return value.map((item) => permuteKeys(item, random));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [entries[i], entries[j]] = [entries[j], entries[i]];
  }
  // fromEntries keeps "__proto__" as an own key, as JSON.parse does.
  return Object.fromEntries(entries.map(([key, item]) => [key, permuteKeys(item, random)]));
}

/** Paths to every leaf, counting empty arrays/objects as leaves. */
function leafPaths(value: Json, path: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [path];
  const keys: Array<string | number> = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  if (keys.length === 0) return [path];
  return keys.flatMap((key) => leafPaths((value as Record<string | number, Json>)[key], [...path, key]));
}

/** A different value of the same kind whose JSON text necessarily differs. */
function changed(leaf: Json): Json {
  if (typeof leaf === 'string') return `${leaf}x`;
  if (typeof leaf === 'number') return leaf === 0 ? 1 : leaf / 2;
  if (typeof leaf === 'boolean') return !leaf;
  if (leaf === null) return 0;
  return Array.isArray(leaf) ? [null] : { k: null };
}

function withLeafChanged(value: Json, path: Array<string | number>): Json {
  if (path.length === 0) return changed(value);
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? withLeafChanged(item, rest) : item));
  const record = value as Record<string, Json>;
  return Object.fromEntries(Object.keys(record).map((key) => [key, key === head ? withLeafChanged(record[key], rest) : record[key]]));
}

const hashOf = (value: Json) => contentHash(value as unknown as ValidProduct);

const keyArb = fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), fc.constantFrom('__proto__', 'constructor', 'a', 'A', 'é', '😀'));
const jsonObjectArb: fc.Arbitrary<{ [key: string]: Json }> = fc.dictionary(
  keyArb,
  fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }) as fc.Arbitrary<Json>,
  { maxKeys: 8 },
);

describe('content hash properties', () => {
  it('is invariant under random key-order permutations of random JSON objects', () => {
    fc.assert(
      fc.property(jsonObjectArb, fc.integer(), (value, seed) => {
        const permuted = permuteKeys(value, seededRandom(seed));
        expect(canonicalJson(permuted)).toBe(canonicalJson(value));
        expect(hashOf(permuted)).toBe(hashOf(value));
      }),
      { numRuns: 500 },
    );
  });

  it('changes when any single value changes', () => {
    fc.assert(
      fc.property(jsonObjectArb, fc.nat(), (value, pick) => {
        const paths = leafPaths(value);
        const path = paths[pick % paths.length];
        const mutated = withLeafChanged(value, path);
        expect(canonicalJson(mutated)).not.toBe(canonicalJson(value));
        expect(hashOf(mutated)).not.toBe(hashOf(value));
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with JSON.parse: canonical output parses back to the same content', () => {
    fc.assert(
      fc.property(jsonObjectArb, (value) => {
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });
});
