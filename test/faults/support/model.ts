/**
 * An independent model of what importing the suite's generated files must leave behind
 * (docs/imports.md, "Merge and order"), computed from the files alone: the undisturbed reference run is checked
 * against it, so a deterministic bug in dist/ cannot pass by agreeing with itself.
 */

export interface ModelledImport {
  counters: { total: number; indexed_count: number; failed_count: number; skipped_count: number };
  /** The organization's catalog right after this import: product_id → canonical JSON of its data. */
  catalog: Map<string, string>;
}

/** JSON with object keys sorted at every level, so equal content gives equal text. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Whether a generated element is a valid product. This is the generator's knowledge (the eight kinds
 * of invalidElement in catalog.ts), not the service's validator: validProduct only makes valid ones.
 */
export function isGeneratedValid(element: unknown): element is Record<string, unknown> & { id: string } {
  if (element === null || typeof element !== 'object' || Array.isArray(element)) return false;
  const product = element as Record<string, unknown>;
  if (typeof product.id !== 'string' || product.id === '') return false;
  if (typeof product.title !== 'string' || product.title === '') return false;
  if ('colour' in product) return false;
  const price = product.price as { amount: number; currency: string } | undefined;
  if (price && (price.amount < 0 || price.currency !== price.currency.toUpperCase())) return false;
  return true;
}

/** Applies the files one after the other to an empty catalog, as docs/imports.md says an import does. */
export function modelImports(contents: Buffer[]): ModelledImport[] {
  const catalog = new Map<string, string>();
  return contents.map((content) => {
    const elements = JSON.parse(content.toString('utf8')) as unknown[];
    const counters = { total: elements.length, indexed_count: 0, failed_count: 0, skipped_count: 0 };
    for (const element of elements) {
      if (!isGeneratedValid(element)) {
        counters.failed_count++;
        continue;
      }
      const data = canonical(element);
      // Each occurrence is compared with the state the earlier ones left: unchanged → skipped.
      if (catalog.get(element.id) === data) counters.skipped_count++;
      else {
        counters.indexed_count++;
        catalog.set(element.id, data);
      }
    }
    return { counters, catalog: new Map(catalog) };
  });
}

/** Differences between what a run stored and the model (empty = agrees). */
export function modelDifferences(model: ModelledImport, counters: ModelledImport['counters'], stored: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(model.counters) as Array<keyof ModelledImport['counters']>) {
    if (counters[key] !== model.counters[key]) problems.push(`${key} ${counters[key]} != model ${model.counters[key]}`);
  }
  if (stored.size !== model.catalog.size) problems.push(`catalog has ${stored.size} products, the model ${model.catalog.size}`);
  const samples: string[] = [];
  let differing = 0;
  for (const [id, data] of model.catalog) {
    if (stored.get(id) === data) continue;
    differing++;
    if (samples.length < 3) samples.push(stored.has(id) ? `${id} holds other data` : `${id} missing`);
  }
  if (differing > 0) problems.push(`${differing} products differ from the model, e.g. ${samples.join('; ')}`);
  return problems;
}
