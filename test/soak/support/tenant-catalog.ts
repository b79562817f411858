import { int, invalidElement as invalidValue, pick, random, shuffle, validProduct } from '../../faults/support/catalog';
import { arrayFile, invalidElement, productElement, type FileElement, type UploadFile } from './upload-file';

type Product = Record<string, unknown> & { id: string };

/**
 * What one organization's client believes its catalog is, and the files it derives from it: full
 * catalogs, 10 % changed, replace subsets. The model of what the service holds is computed apart
 * (model.ts), from the acknowledged uploads and their outcomes.
 */
export class TenantCatalog {
  readonly rand: () => number;
  private readonly products = new Map<string, Product>();
  private nextId = 0;
  private version = 0;
  private files = 0;

  constructor(
    readonly tenant: number,
    seed: number,
    size: number,
  ) {
    this.rand = random(seed);
    for (let i = 0; i < size; i++) this.add();
  }

  get size(): number {
    return this.products.size;
  }

  ids(): string[] {
    return [...this.products.keys()];
  }

  /** A few existing ids (for reads and deletes). */
  sampleIds(count: number): string[] {
    const ids = this.ids();
    return Array.from({ length: Math.min(count, ids.length) }, () => pick(this.rand, ids));
  }

  /** A word that occurs in titles and descriptions (searches). */
  word(): string {
    const product = this.products.get(pick(this.rand, this.ids()));
    const words = String(product?.title ?? 'alpine').split(' ');
    return pick(this.rand, words.filter((w) => /^[a-z]+$/.test(w)).concat('alpine'));
  }

  brand(): string {
    return `Brand${this.tenant}`;
  }

  remove(id: string): void {
    this.products.delete(id);
  }

  /** Changes `share` of the products and adds a few new ones. */
  mutate(share: number): void {
    this.version++;
    for (const id of this.ids()) if (this.rand() < share) this.products.set(id, this.make(id, `v${this.version}`));
    const added = Math.max(1, Math.round(this.size * 0.01));
    for (let i = 0; i < added; i++) this.add();
  }

  /** The whole catalog (shuffled), ~2 % invalid elements, ~1 % ids repeated later with other content (the later one wins). */
  fullFile(kind: string): UploadFile {
    const elements: FileElement[] = shuffle(this.rand, [...this.products.values()]).map((p) => productElement(p));
    const out: FileElement[] = [];
    elements.forEach((element, i) => {
      out.push(element);
      if (this.rand() < 0.02) out.push(invalidElement(invalidValue(this.rand, `bad-${this.tenant}-${i}`, int(this.rand, 0, 7))));
    });
    const repeats = Math.round(elements.length * 0.01);
    for (let r = 0; r < repeats; r++) {
      const id = elements[int(this.rand, 0, elements.length - 1)].product!.id;
      const product = this.make(id, `dup${r}`);
      this.products.set(id, product); // the client's own view: the last occurrence wins
      out.push(productElement(product));
    }
    return arrayFile(this.fileName(kind), kind, out);
  }

  /** Drops `share` of the products from the client's view: a replace upload of the rest deletes them. */
  dropShare(share: number): number {
    const dropped = this.ids().filter(() => this.rand() < share);
    for (const id of dropped) this.products.delete(id);
    return dropped.length;
  }

  /** A file naming only `share` of the products (a replace of it must be refused by the mass-delete guard). */
  subsetFile(kind: string, share: number): UploadFile {
    const kept = [...this.products.values()].filter(() => this.rand() < share);
    return arrayFile(
      this.fileName(kind),
      kind,
      kept.map((p) => productElement(p)),
    );
  }

  fileName(kind: string): string {
    return `t${this.tenant}-${++this.files}-${kind}.json`;
  }

  private add(): void {
    const id = `p${this.tenant}-${this.nextId++}`;
    this.products.set(id, this.make(id, 'v0'));
  }

  private make(id: string, label: string): Product {
    return validProduct(this.rand, id, `${label} ${id}`, this.brand()) as Product;
  }
}
