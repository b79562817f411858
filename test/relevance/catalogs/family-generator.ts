import { Prng } from '../../../tools/harness/prng';
import type { CatalogProduct } from './catalog-product';

/** One kind of product of a test vocabulary (the bench's ProductKind, plus sizes and units kept in attributes). */
export interface KindSpec {
  noun: string;
  category: string;
  price: readonly [number, number];
  /** Attribute `material` (or `materialKey`) of a family, also used in the description. */
  materials: readonly string[];
  materialKey?: string;
  tags: readonly string[];
  /** Sizes of the variants: in `attributes.size` only, never in the title. */
  sizes?: readonly string[];
  /** One per family, written after the noun in the title (`750 ml`) and in `attributes[unitKey]`. */
  units?: readonly string[];
  unitKey?: string;
  /** Kinds without a colour (groceries) set this to false. */
  coloured?: boolean;
}

export interface Vocabulary {
  idPrefix: string;
  currency: string;
  kinds: readonly KindSpec[];
  brands: readonly string[];
  /** `''` means no adjective. */
  adjectives: readonly string[];
  colors: readonly string[];
  /** Whether the colour is in the title (`… – Crème`) or only in `attributes.color`. */
  colorInTitle: boolean;
  /** Templates with {material}, {noun}, {brand}, {color}, {unit}. */
  sentences: readonly string[];
}

/**
 * Deterministic families of products (a style in several colours and sizes sharing group_id)
 * from a vocabulary: the bench generator's shape, for phenomena its vocabulary lacks, without
 * changing the bench's own output.
 */
export function generateFamilies(vocabulary: Vocabulary, count: number, seed: number): CatalogProduct[] {
  const r = new Prng(seed);
  const products: CatalogProduct[] = [];
  let family = 0;
  while (products.length < count) {
    family++;
    const kind = r.pick(vocabulary.kinds);
    const brand = r.pick(vocabulary.brands);
    const adjective = r.pick(vocabulary.adjectives);
    const material = r.pick(kind.materials);
    const unit = kind.units ? r.pick(kind.units) : null;
    const coloured = kind.coloured ?? true;
    const colors = coloured ? r.sample(vocabulary.colors, r.int(1, 3)) : [null];
    const sizes = kind.sizes ? r.sample(kind.sizes, r.int(1, Math.min(3, kind.sizes.length))) : [null];
    const basePrice = r.int(kind.price[0], kind.price[1]);
    const variants = colors.flatMap((color) => sizes.map((size) => ({ color, size })));
    const groupId = variants.length > 1 ? `${vocabulary.idPrefix}-GRP-${family}` : null;
    for (const { color, size } of variants) {
      if (products.length >= count) break;
      const name = [brand, adjective, kind.noun, unit].filter(Boolean).join(' ');
      const product: CatalogProduct = {
        id: `${vocabulary.idPrefix}-${String(products.length + 1).padStart(6, '0')}`,
        title: vocabulary.colorInTitle && color ? `${name} – ${capitalise(color)}` : name,
        description: description(r, vocabulary, kind, { brand, material, color, unit }),
        price: { amount: basePrice + r.pick([0.99, 0.49, 0]), currency: vocabulary.currency },
        availability: r.weighted([
          ['in_stock', 85],
          ['out_of_stock', 8],
          ['preorder', 4],
          ['backorder', 3],
        ] as const),
        brand,
        categories: [kind.category],
        tags: [...r.sample(kind.tags, r.int(1, kind.tags.length)), ...(r.chance(0.2) ? ['new arrival'] : [])],
      };
      if (groupId) product.group_id = groupId;
      const attributes: Record<string, string | number | boolean> = { [kind.materialKey ?? 'material']: material };
      if (color) attributes.color = color;
      if (size) attributes.size = size;
      if (unit) attributes[kind.unitKey ?? 'size_label'] = unit;
      if (r.chance(0.5)) attributes.weight_g = r.int(50, 4_000);
      if (r.chance(0.3)) attributes.warranty_years = r.int(1, 5);
      product.attributes = attributes;
      products.push(product);
    }
  }
  return products;
}

function description(
  r: Prng,
  vocabulary: Vocabulary,
  kind: KindSpec,
  values: { brand: string; material: string; color: string | null; unit: string | null },
): string {
  return r
    .sample(vocabulary.sentences, r.int(2, 3))
    .filter((s) => (values.color || !s.includes('{color}')) && (values.unit || !s.includes('{unit}')))
    .map((s) =>
      s
        .replace(/\{material\}/g, values.material)
        .replace(/\{noun\}/g, kind.noun.toLowerCase())
        .replace(/\{brand\}/g, values.brand)
        .replace(/\{color\}/g, values.color ?? '')
        .replace(/\{unit\}/g, values.unit ?? ''),
    )
    .join(' ');
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
