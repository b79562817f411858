import { Prng } from '../../../tools/harness/prng';
import type { CatalogProduct } from './catalog-product';
import { gtinCheckDigit } from './gtin';

/** A colour as a merchant writes it: `attributes.color`, the title's form and the colour code in an MPN. */
export interface Colour {
  name: string;
  /** The feminine form where the title's adjective agrees with its noun (French `noire` for `noir`). */
  feminine?: string;
  code: string;
}

/** One kind of product of a merchant, written in one language. */
export interface MerchantKind {
  /** The title's noun, or one per material where the word changes with it (German `Leder` → `Lederhandtasche`). */
  noun: string | Readonly<Record<string, string>>;
  category: string;
  brands: readonly string[];
  price: readonly [number, number];
  /** One per family: `attributes[materialKey ?? 'material']` and `{material}` in the sentences. */
  materials?: readonly string[];
  materialKey?: string;
  tags: readonly string[];
  /** One per family, placed in the title by the merchant's format (`Damen`, `Homme`, `メンズ`). */
  audiences?: readonly string[];
  /** Colours of the variants: `attributes.color` and the title. */
  colors?: readonly Colour[];
  /** French titles: the colour agrees with a feminine noun. */
  feminine?: boolean;
  /** Sizes of the variants: `attributes.size` only. */
  sizes?: readonly string[];
  /** One per family, in the title and in `attributes[packKey ?? 'pack']` (`1,5 l`, `5.5合`, `28 cm`). */
  packs?: readonly string[];
  packKey?: string;
  /** Appliances and electronics: a model number per family, in the title and `attributes.model`, and an MPN. */
  model?: { prefix: string; base: number; step: number; suffix?: string; mpnPerColor?: boolean };
  sentences: readonly string[];
  /** A kind written in the catalog's second language: the BCP 47 tag each of its products carries as `language`. */
  language?: string;
}

/** What a title is made of; each merchant orders the parts as its shop writes them. */
export interface TitleParts {
  brand: string;
  audience: string | null;
  noun: string;
  pack: string | null;
  model: string | null;
  /** In the form the title uses (agreed in gender where the language does). */
  color: string | null;
}

export interface Merchant {
  seed: number;
  count: number;
  currency: string;
  id(index: number): string;
  /** Kinds in the catalog's language. */
  kinds: readonly MerchantKind[];
  /** Kinds in a second language, each with its `language`: a family is one of them with `secondLanguageShare`. */
  secondLanguageKinds: readonly MerchantKind[];
  secondLanguageShare: number;
  /** GS1 prefixes of the merchant's country (`40`–`44` Germany, `30`–`37` France, `45`/`49` Japan). */
  gtinPrefixes: readonly string[];
  /** A price as the shop writes them from a whole base amount (`29.99`, `3980`). */
  price(base: number, r: Prng): number;
  title(parts: TitleParts): string;
}

/**
 * A merchant's catalog, deterministically: families of one kind, brand and material in one or more
 * colours and sizes (sharing a group_id), a model number per family for appliances, a GTIN-13 for
 * most products (a quarter of them stored zero-padded as GTIN-14) and an MPN for those with a model.
 */
export function generateMerchant(merchant: Merchant): CatalogProduct[] {
  const r = new Prng(merchant.seed);
  const products: CatalogProduct[] = [];
  const familiesOfKind = new Map<MerchantKind, number>();
  const gtins = new Set<string>();
  let family = 0;
  while (products.length < merchant.count) {
    family++;
    const kind = r.chance(merchant.secondLanguageShare) ? r.pick(merchant.secondLanguageKinds) : r.pick(merchant.kinds);
    const nth = familiesOfKind.get(kind) ?? 0;
    familiesOfKind.set(kind, nth + 1);
    const brand = r.pick(kind.brands);
    const material = kind.materials ? r.pick(kind.materials) : null;
    const noun = typeof kind.noun === 'string' ? kind.noun : kind.noun[material ?? ''];
    if (noun === undefined) throw new Error(`no noun for material ${String(material)}`);
    const audience = kind.audiences ? r.pick(kind.audiences) : null;
    const pack = kind.packs ? r.pick(kind.packs) : null;
    const model = kind.model ? `${kind.model.prefix}${kind.model.base + nth * kind.model.step}${kind.model.suffix ?? ''}` : null;
    const colors = kind.colors ? r.sample(kind.colors, r.int(1, 3)) : [null];
    const sizes = kind.sizes ? r.sample(kind.sizes, r.int(2, Math.min(5, kind.sizes.length))) : [null];
    const basePrice = r.int(kind.price[0], kind.price[1]);
    const variants = colors.flatMap((color) => sizes.map((size) => ({ color, size })));
    const groupId = variants.length > 1 ? `GRP-${String(family).padStart(5, '0')}` : null;
    for (const { color, size } of variants) {
      if (products.length >= merchant.count) break;
      const index = products.length;
      const amount = merchant.price(basePrice, r);
      const product: CatalogProduct = {
        id: merchant.id(index),
        title: merchant.title({
          brand,
          audience,
          noun,
          pack,
          model,
          color: color ? ((kind.feminine ? color.feminine : undefined) ?? color.name) : null,
        }),
        description: r
          .sample(kind.sentences, 2)
          .map((s) => s.replace(/\{material\}/g, material ?? ''))
          .join(' '),
        price: { amount, currency: merchant.currency },
        availability: r.weighted([
          ['in_stock', 75],
          ['out_of_stock', 12],
          ['preorder', 6],
          ['backorder', 7],
        ] as const),
        brand,
        categories: [kind.category],
        tags: r.sample(kind.tags, r.int(1, kind.tags.length)),
      };
      if (kind.language) product.language = kind.language;
      if (r.chance(0.15))
        product.sale_price = {
          amount: merchant.price(Math.max(1, Math.floor(basePrice * (0.7 + r.next() * 0.2))), r),
          currency: merchant.currency,
        };
      if (groupId) product.group_id = groupId;
      const attributes: Record<string, string | number | boolean> = {};
      if (material) attributes[kind.materialKey ?? 'material'] = material;
      if (color) attributes.color = color.name;
      if (size) attributes.size = size;
      if (pack) attributes[kind.packKey ?? 'pack'] = pack;
      if (model) {
        attributes.model = model;
        product.mpn = kind.model!.mpnPerColor ? `${model.replace(/[- ]/g, '')}-${color?.code ?? 'STD'}` : model;
      }
      // Most products carry a GTIN-13 of the merchant's country; one in four is stored zero-padded to 14 digits.
      if (model || r.chance(0.7)) {
        const gtin = uniqueGtin(r, merchant.gtinPrefixes, gtins);
        product.gtin = index % 4 === 0 ? `0${gtin}` : gtin;
      }
      if (r.chance(0.3)) attributes.warranty_years = r.int(1, 5);
      product.attributes = attributes;
      products.push(product);
    }
  }
  return products;
}

function uniqueGtin(r: Prng, prefixes: readonly string[], taken: Set<string>): string {
  for (;;) {
    const prefix = r.pick(prefixes);
    const body = prefix + r.digits(12 - prefix.length);
    const gtin = body + gtinCheckDigit(body);
    if (!taken.has(gtin)) {
      taken.add(gtin);
      return gtin;
    }
  }
}

/** Euro prices as shops write them: `29.99`, `29.95`, `29.00`. */
export const euroPrice = (base: number, r: Prng): number => base + r.pick([0.99, 0.95, 0.9, 0]);
