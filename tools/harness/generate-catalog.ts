import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import * as path from 'node:path';
import { hashIndex, Prng } from './prng';
import {
  ADJECTIVES,
  BAD_CURRENCIES,
  BRANDS,
  COLORS,
  CURRENCIES,
  CURRENCY_FACTOR,
  FILLER_WORDS,
  PRODUCT_KINDS,
  type ProductKind,
  SENTENCES,
  SIZES,
  UNKNOWN_FIELDS,
  ZERO_DECIMAL,
} from './catalog-vocabulary';

/** Bump when the output for a given seed changes. */
export const GENERATOR_VERSION = 1;

export const INVALID_KINDS = ['missing_title', 'bad_currency', 'bad_gtin', 'unknown_field', 'not_an_object'] as const;
export type InvalidKind = (typeof INVALID_KINDS)[number];

export interface GenerateOptions {
  /** Upper bound of the file size; the file is filled to exactly this many bytes. */
  sizeBytes: number;
  seed: number;
  outDir: string;
  /** Share of elements that are invalid products (default 0.02). */
  invalidRate?: number;
  /** Share of valid products whose price changes in the "changed" variant (default 0.10). */
  changedRate?: number;
}

export interface CatalogManifest {
  generator_version: number;
  seed: number;
  file: string;
  changed_file: string;
  bytes: number;
  changed_bytes: number;
  /** Elements of the top-level array (valid + invalid). */
  products: number;
  valid_products: number;
  invalid_products: number;
  invalid_by_kind: Record<InvalidKind, number>;
  integer_ids: number;
  /** Valid products whose content differs in the changed variant. */
  changed_products: number;
  invalid_indices: number[];
  generate_s: number;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type ProductObject = { [key: string]: Json };

const OPEN = '[\n';
const SEP = ',\n';
const CLOSE = '\n]\n';
/** Room kept for the final product, whose description is sized to land exactly on sizeBytes. */
const FINAL_RESERVE = 2_500;
const CHANGE_SALT = 0x5eed_c4a9;

/**
 * Writes a deterministic catalog of realistic products (Google Merchant Center / ACP field names)
 * and a variant in which ~10% of the valid products have a new price. The variant is byte-for-byte
 * the same length (the change keeps the number's width), so both files have the same elements.
 */
export async function generateCatalog(options: GenerateOptions): Promise<CatalogManifest> {
  const started = process.hrtime.bigint();
  const invalidRate = options.invalidRate ?? 0.02;
  const changedRate = options.changedRate ?? 0.1;
  if (options.sizeBytes < 16 * 1024) throw new Error(`--size-mib too small: need at least 16 KiB, got ${options.sizeBytes} bytes`);
  await mkdir(options.outDir, { recursive: true });
  const stem = `catalog-${formatSize(options.sizeBytes)}-seed${options.seed}`;
  const file = path.join(options.outDir, `${stem}.json`);
  const changedFile = path.join(options.outDir, `${stem}-changed10.json`);

  const rng = new Prng(options.seed);
  const family = new FamilyState(rng);
  const base = new BufferedWriter(file);
  const changed = new BufferedWriter(changedFile);
  const invalidByKind = Object.fromEntries(INVALID_KINDS.map((k) => [k, 0])) as Record<InvalidKind, number>;
  const invalidIndices: number[] = [];
  let integerIds = 0;
  let changedProducts = 0;
  let written = OPEN.length;
  let index = 0;

  const emit = async (element: Json, valid: boolean): Promise<void> => {
    const json = JSON.stringify(element);
    let variant = json;
    if (valid && hashIndex(index, CHANGE_SALT ^ options.seed) / 4294967296 < changedRate) {
      variant = JSON.stringify(withChangedPrice(element as ProductObject));
      if (variant.length !== json.length || variant === json)
        throw new Error(`internal: price change of element ${index} is not size-preserving`);
      changedProducts++;
    }
    const prefix = index === 0 ? OPEN : SEP;
    await base.write(prefix + json);
    await changed.write(prefix + variant);
    if (valid && typeof (element as ProductObject).id === 'number') integerIds++;
    index++;
  };

  for (;;) {
    const { element, invalid } = nextElement(rng, family, index, invalidRate);
    const bytes = Buffer.byteLength(JSON.stringify(element)) + (index === 0 ? 0 : SEP.length);
    if (written + bytes + CLOSE.length + FINAL_RESERVE > options.sizeBytes) break;
    written += bytes;
    if (invalid) {
      invalidByKind[invalid]++;
      invalidIndices.push(index);
    }
    await emit(element, invalid === null);
  }
  // Last product: a valid one whose description fills the file to exactly sizeBytes.
  const remaining = options.sizeBytes - written - CLOSE.length - (index === 0 ? 0 : SEP.length);
  const last = family.product(index);
  last.description = '';
  const descriptionLength = remaining - Buffer.byteLength(JSON.stringify(last));
  if (descriptionLength < 0 || descriptionLength > 5_000)
    throw new Error(`internal: final description length ${descriptionLength} out of range`);
  last.description = fillerText(rng, descriptionLength);
  await emit(last, true);
  await base.write(CLOSE);
  await changed.write(CLOSE);
  const bytes = await base.close();
  const changedBytes = await changed.close();
  if (bytes !== options.sizeBytes || changedBytes !== bytes) {
    throw new Error(`internal: generated ${bytes} / ${changedBytes} bytes, expected ${options.sizeBytes}`);
  }

  const manifest: CatalogManifest = {
    generator_version: GENERATOR_VERSION,
    seed: options.seed,
    file,
    changed_file: changedFile,
    bytes,
    changed_bytes: changedBytes,
    products: index,
    valid_products: index - invalidIndices.length,
    invalid_products: invalidIndices.length,
    invalid_by_kind: invalidByKind,
    integer_ids: integerIds,
    changed_products: changedProducts,
    invalid_indices: invalidIndices,
    generate_s: Number(process.hrtime.bigint() - started) / 1e9,
  };
  await writeFile(path.join(options.outDir, `${stem}.manifest.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Valid products only, endlessly, as the catalog's families make them (ids SKU-0000001, … and 1 %
 * integers): for writing a database directly, without a file. The same seed gives the same products.
 */
export function* realisticProducts(seed: number): Generator<Record<string, unknown>> {
  const family = new FamilyState(new Prng(seed));
  for (let index = 0; ; index++) yield family.product(index);
}

function formatSize(bytes: number): string {
  const mib = bytes / 1_048_576;
  return Number.isInteger(mib) ? `${mib}mib` : `${bytes}b`;
}

function nextElement(rng: Prng, family: FamilyState, index: number, invalidRate: number): { element: Json; invalid: InvalidKind | null } {
  const product = family.product(index);
  if (!rng.chance(invalidRate)) return { element: product, invalid: null };
  const kind = rng.pick(INVALID_KINDS);
  switch (kind) {
    case 'missing_title':
      delete product.title;
      break;
    case 'bad_currency':
      (product.price as ProductObject).currency = rng.pick(BAD_CURRENCIES);
      delete product.sale_price;
      break;
    case 'bad_gtin': {
      const gtin = typeof product.gtin === 'string' ? product.gtin : gtinWithCheckDigit(rng, 13);
      const last = Number(gtin[gtin.length - 1]);
      product.gtin = gtin.slice(0, -1) + String((last + rng.int(1, 9)) % 10);
      break;
    }
    case 'unknown_field': {
      const [key, value] = rng.pick(UNKNOWN_FIELDS);
      product[key] = value as Json;
      break;
    }
    case 'not_an_object': {
      const shapes: Json[] = [null, index, String(product.id), [product.id as Json, product.title as Json], true];
      return { element: rng.pick(shapes), invalid: kind };
    }
  }
  return { element: product, invalid: kind };
}

/** Same product with the price's units digit changed (keeps the width, sale_price stays <= price). */
function withChangedPrice(product: ProductObject): ProductObject {
  const price = product.price as { amount: number; currency: string };
  const whole = Math.floor(price.amount);
  const digit = whole % 10;
  const amount = Math.round((price.amount - digit + (digit < 9 ? digit + 1 : digit - 1)) * 100) / 100;
  return { ...product, price: { ...price, amount } };
}

/**
 * Products come in families (a style in several colours/sizes sharing group_id), like real feeds.
 */
class FamilyState {
  private kind!: ProductKind;
  private brand!: string;
  private adjective!: string;
  private material!: string;
  private currency!: string;
  private basePrice!: number;
  private groupId: string | null = null;
  private variants: { color: string; size: string | null }[] = [];
  private familyNo = 0;

  constructor(private readonly rng: Prng) {}

  product(index: number): ProductObject {
    if (this.variants.length === 0) this.newFamily();
    const { color, size } = this.variants.shift()!;
    const r = this.rng;
    const k = this.kind;
    const id: Json = r.chance(0.01) ? 700_000_000 + index : `SKU-${String(index + 1).padStart(7, '0')}`;
    const title = `${this.brand} ${this.adjective} ${k.noun}${size ? ` - ${capitalise(color)}, ${size}` : ` - ${capitalise(color)}`}`;
    const slug = `${this.adjective}-${k.noun}-${color}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const p: ProductObject = { id, title, description: this.description(color) };
    p.url = `https://shop.example.com/products/${slug}?variant=${index + 1}`;
    p.image_url = `https://cdn.example.com/images/${this.familyNo}/${color.replace(/ /g, '-')}/main.jpg`;
    if (r.chance(0.15)) {
      p.additional_image_urls = Array.from(
        { length: r.int(1, 3) },
        (_, n) => `https://cdn.example.com/images/${this.familyNo}/${color.replace(/ /g, '-')}/alt-${n + 1}.jpg`,
      );
    }
    const amount = this.priceAmount();
    p.price = { amount, currency: this.currency };
    if (r.chance(0.2)) {
      const sale = amount * (0.6 + r.next() * 0.25);
      p.sale_price = { amount: ZERO_DECIMAL.has(this.currency) ? Math.floor(sale) : Math.round(sale * 100) / 100, currency: this.currency };
    }
    p.availability = r.weighted([
      ['in_stock', 80],
      ['out_of_stock', 10],
      ['preorder', 5],
      ['backorder', 5],
    ] as const);
    p.condition = r.weighted([
      ['new', 94],
      ['refurbished', 4],
      ['used', 2],
    ] as const);
    p.brand = this.brand;
    if (r.chance(0.85))
      p.gtin = gtinWithCheckDigit(
        r,
        r.weighted([
          [13, 70],
          [12, 20],
          [14, 6],
          [8, 4],
        ] as const),
      );
    if (r.chance(0.5)) p.mpn = `${this.brand.slice(0, 3).toUpperCase()}-${r.digits(4)}-${r.int(10, 99)}`;
    if (this.groupId) p.group_id = this.groupId;
    p.categories = r.chance(0.3) ? [k.category, k.category.split(' > ')[0]] : [k.category];
    p.tags = [...r.sample(k.tags, r.int(1, k.tags.length)), ...(r.chance(0.3) ? ['new arrival'] : []), color];
    if (r.chance(0.8)) p.inventory_quantity = r.chance(0.1) ? 0 : r.int(1, 500);
    const attributes: { [key: string]: Json } = { color, material: this.material };
    if (size) attributes.size = size;
    if (r.chance(0.6)) attributes.weight_g = r.int(50, 5_000);
    if (r.chance(0.4)) attributes.country_of_origin = r.pick(['PT', 'IT', 'VN', 'CN', 'US', 'DE', 'IN', 'TR']);
    if (r.chance(0.3)) attributes.machine_washable = r.chance(0.5);
    if (r.chance(0.3)) attributes.warranty_years = r.int(1, 5);
    if (r.chance(0.1)) attributes.care = 'Wash cold, dry flat';
    p.attributes = attributes;
    return p;
  }

  private newFamily(): void {
    const r = this.rng;
    this.familyNo++;
    this.kind = r.pick(PRODUCT_KINDS);
    this.brand = r.pick(BRANDS);
    this.adjective = r.pick(ADJECTIVES);
    this.material = r.pick(this.kind.materials);
    this.currency = r.weighted(CURRENCIES);
    this.basePrice = r.int(this.kind.price[0], this.kind.price[1]) * CURRENCY_FACTOR[this.currency];
    const colors = r.sample(
      COLORS,
      r.weighted([
        [1, 40],
        [2, 30],
        [3, 20],
        [4, 10],
      ] as const),
    );
    const sizes = this.kind.sized ? r.sample(SIZES, r.int(1, 3)) : [null];
    this.variants = colors.flatMap((color) => sizes.map((size) => ({ color, size })));
    this.groupId = this.variants.length > 1 ? `GRP-${String(this.familyNo).padStart(6, '0')}` : null;
  }

  private priceAmount(): number {
    const r = this.rng;
    if (ZERO_DECIMAL.has(this.currency)) return Math.max(100, Math.round(this.basePrice / 10) * 10 - 20);
    // At least 10 so a units-digit price change keeps sale_price <= price.
    const whole = Math.max(10, Math.floor(this.basePrice));
    const cents = r.weighted([
      [0.99, 50],
      [0.95, 20],
      [0.49, 15],
      [0, 15],
    ] as const);
    return Math.round((whole + cents) * 100) / 100;
  }

  private description(color: string): string {
    const r = this.rng;
    const fill = (s: string) =>
      s
        .replace(/\{material\}/g, this.material)
        .replace(/\{noun_lc\}/g, this.kind.noun.toLowerCase())
        .replace(/\{brand\}/g, this.brand)
        .replace(/\{adjective_lc\}/g, this.adjective.toLowerCase())
        .replace(/\{color\}/g, color);
    return r
      .sample(
        SENTENCES,
        r.weighted([
          [2, 50],
          [3, 40],
          [4, 10],
        ] as const),
      )
      .map(fill)
      .join(' ');
  }
}

function gtinWithCheckDigit(rng: Prng, length: number): string {
  const body =
    (length === 13 ? rng.pick(['400', '500', '590', '761', '871', '978', '300']) : '') + rng.digits(length - 1 - (length === 13 ? 3 : 0));
  let sum = 0;
  let weight = 3;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = 4 - weight;
  }
  return body + String((10 - (sum % 10)) % 10);
}

function fillerText(rng: Prng, length: number): string {
  let s = '';
  while (s.length < length) s += (s ? ' ' : '') + rng.pick(FILLER_WORDS);
  s = s.slice(0, length);
  return s.endsWith(' ') ? `${s.slice(0, -1)}.` : s;
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Write stream with a string buffer and backpressure; counts bytes. */
class BufferedWriter {
  private readonly stream: WriteStream;
  private pending: string[] = [];
  private pendingLength = 0;
  private bytes = 0;

  constructor(file: string) {
    this.stream = createWriteStream(file);
  }

  async write(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= 1 << 20) await this.flush();
  }

  async close(): Promise<number> {
    await this.flush();
    this.stream.end();
    await once(this.stream, 'finish');
    return this.bytes;
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const buffer = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingLength = 0;
    this.bytes += buffer.length;
    if (!this.stream.write(buffer)) await once(this.stream, 'drain');
  }
}
