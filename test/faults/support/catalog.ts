/**
 * Deterministic catalog files for the suite: the same seed gives the same bytes, so a disturbed
 * import can be compared with an undisturbed run of the very same file.
 */

/** mulberry32: a small seeded PRNG. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)];
}

export function int(rand: () => number, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

/** Fisher–Yates with a seeded PRNG. */
export function shuffle<T>(rand: () => number, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY'] as const;
const AVAILABILITY = ['in_stock', 'out_of_stock', 'preorder', 'backorder'] as const;
const WORDS =
  'alpine basalt cedar delta ember fjord granite harbor indigo juniper kelvin lumen meadow nimbus onyx prairie quartz river sierra tundra'.split(
    ' ',
  );

function words(rand: () => number, count: number): string {
  return Array.from({ length: count }, () => pick(rand, WORDS)).join(' ');
}

/** A valid product with a realistic spread of optional fields. */
export function validProduct(rand: () => number, id: string, label: string, brand: string): Record<string, unknown> {
  const product: Record<string, unknown> = { id, title: `${label} ${words(rand, 2)}` };
  if (rand() < 0.8) product.description = words(rand, int(rand, 3, 40));
  if (rand() < 0.5) product.url = `https://shop.example.com/p/${encodeURIComponent(id)}`;
  if (rand() < 0.9) product.price = { amount: int(rand, 0, 99_999) / 100, currency: pick(rand, CURRENCIES) };
  if (rand() < 0.7) product.availability = pick(rand, AVAILABILITY);
  product.brand = brand;
  if (rand() < 0.6) product.tags = Array.from({ length: int(rand, 1, 5) }, () => pick(rand, WORDS));
  if (rand() < 0.4) product.categories = [`${pick(rand, WORDS)} > ${pick(rand, WORDS)}`];
  if (rand() < 0.5) product.attributes = { color: pick(rand, WORDS), weight: int(rand, 1, 5000), fragile: rand() < 0.5 };
  if (rand() < 0.3) product.inventory_quantity = int(rand, 0, 1000);
  return product;
}

/** Elements that are not valid products, one of each kind in turn (each is counted failed, never fails the file). */
export function invalidElement(rand: () => number, id: string, kind: number): unknown {
  switch (kind % 8) {
    case 0:
      return { id, title: '' };
    case 1:
      return { id, title: 'Negative price', price: { amount: -1, currency: 'EUR' } };
    case 2:
      return int(rand, 0, 1000);
    case 3:
      return null;
    case 4:
      return { title: 'No id at all' };
    case 5:
      return { id, title: 'Unknown field', colour: 'red' };
    case 6:
      return { id, title: 'Lower-case currency', price: { amount: 1, currency: 'eur' } };
    default:
      return [id, 'an array is not a product'];
  }
}

export interface GeneratedFile {
  content: Buffer;
  elements: number;
}

/**
 * A multi-batch file: mostly new products, ~3% invalid elements, ~2% ids repeated later in the
 * file with new content (the later occurrence wins), ~1% exact repeats of an earlier element
 * (skipped when nothing changed it since). Repeats cross batch boundaries on purpose.
 */
export function bigCatalog(count: number, seed: number, brand = 'Faults'): GeneratedFile {
  const rand = random(seed);
  const elements: unknown[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 37 === 5) elements.push(invalidElement(rand, `bad-${i}`, i));
    else if (i % 53 === 7 && i > 600) elements.push(validProduct(rand, `p-${i - int(rand, 1, 500)}`, `Changed ${i}`, brand));
    else if (i % 97 === 11 && i > 600 && isObject(elements[i - 250])) elements.push(elements[i - 250]);
    else elements.push(validProduct(rand, `p-${i}`, `Product ${i}`, brand));
  }
  return { content: Buffer.from(JSON.stringify(elements)), elements: count };
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { id?: unknown }).id === 'string';
}

let big: GeneratedFile | undefined;

/** The suite's multi-batch file: 20,000 elements = 100 batches of IMPORT_BATCH_SIZE 200. Same bytes in every spec. */
export function bigFile(): GeneratedFile {
  big ??= bigCatalog(20_000, 20_251_126);
  return big;
}

let second: GeneratedFile | undefined;

/**
 * A follow-up upload for the same organization: 1,500 elements whose ids (p-0…) overwrite part of
 * bigFile()'s products, so the final catalog depends on the two being applied in upload order.
 */
export function followUpFile(): GeneratedFile {
  second ??= bigCatalog(1_500, 4_242, 'Follow-up');
  return second;
}

let small: GeneratedFile | undefined;

/** A small file (3,000 elements, 15 batches) for the scenarios that need a second, independent import. */
export function smallFile(): GeneratedFile {
  small ??= bigCatalog(3_000, 7_777, 'Small');
  return small;
}

let large: GeneratedFile | undefined;

/**
 * 60,000 elements (300 batches, ~20 MB): long enough that two PostgreSQL outages, each followed
 * by pg_ctlcluster's own start-up wait, still both fall in the middle of the import.
 */
export function largeFile(): GeneratedFile {
  large ??= bigCatalog(60_000, 60_606, 'Large');
  return large;
}
