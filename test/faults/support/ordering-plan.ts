import { int, invalidElement, random, shuffle, validProduct } from './catalog';

export interface ExpectedCounters {
  total: number;
  indexed_count: number;
  failed_count: number;
  skipped_count: number;
}

export interface PlannedUpload {
  /** Position in the global upload sequence. */
  seq: number;
  organization: number;
  content: Buffer;
  /** The counters this import must end with when the organization's imports apply in upload order. */
  expected: ExpectedCounters;
}

export interface OrderingPlan {
  uploads: PlannedUpload[];
  /** Per organization: product id → (title, brand) after applying its files in upload order. */
  finalCatalogs: Array<Map<string, { title: string; brand: string }>>;
}

const ID_POOL = 1_200;

/**
 * Uploads shuffled across organizations that share one pool of product ids. Every file has its own
 * brand and titles, re-sends some products exactly as the organization's catalog holds them at
 * that point (skipped only if applied after the imports before it), repeats ids inside the file
 * and has invalid elements. The expected outcome is computed by applying the files in upload order:
 * per id the last valid occurrence wins; an element equal to the current state is skipped.
 */
export function orderingPlan(seed: number, organizations: number, uploadsPerOrganization: number): OrderingPlan {
  const rand = random(seed);
  const order = shuffle(
    rand,
    Array.from({ length: organizations * uploadsPerOrganization }, (_, i) => i % organizations),
  );
  const state = Array.from({ length: organizations }, () => new Map<string, Record<string, unknown>>());
  const uploads = order.map((organization, seq): PlannedUpload => {
    const catalog = state[organization];
    const brand = `Brand-u${seq}`;
    const size = int(rand, 150, 700);
    const elements: unknown[] = [];
    const expected: ExpectedCounters = { total: size, indexed_count: 0, failed_count: 0, skipped_count: 0 };
    const current = [...catalog.values()];
    for (let j = 0; j < size; j++) {
      const roll = rand();
      if (roll < 0.06) {
        elements.push(invalidElement(rand, `p-${int(rand, 0, ID_POOL - 1)}`, j));
        expected.failed_count++;
        continue;
      }
      // An exact copy of what the catalog held when this file was planned, or a new version of a product.
      const product =
        roll < 0.25 && current.length > 0
          ? current[int(rand, 0, current.length - 1)]
          : validProduct(rand, `p-${int(rand, 0, ID_POOL - 1)}`, `o${organization} u${seq} e${j}`, brand);
      elements.push(product);
      const id = product.id as string;
      if (JSON.stringify(catalog.get(id)) === JSON.stringify(product)) {
        expected.skipped_count++;
      } else {
        expected.indexed_count++;
        catalog.set(id, product);
      }
    }
    return { seq, organization, content: Buffer.from(JSON.stringify(elements)), expected };
  });
  const finalCatalogs = state.map(
    (catalog) => new Map([...catalog].map(([id, product]) => [id, { title: product.title as string, brand: product.brand as string }])),
  );
  return { uploads, finalCatalogs };
}
