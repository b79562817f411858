import { Prng } from '../../../tools/harness/prng';
import { gtinCheckDigit } from './gtin';
import type { CatalogProduct, RelevanceCatalog } from './catalog-product';

const HOUSEHOLD_SEED = 90_210;
/** Products of the first import; the new arrivals are imported after it, in a second upload. */
const FIRST_IMPORT = 1_500;
const NEW_ARRIVALS = 90;

/** One kind of product of the household store. */
interface HouseholdKind {
  noun: string;
  category: string;
  price: readonly [number, number];
  materials: readonly string[];
  materialKey?: string;
  tags: readonly string[];
  /** Colours of the variants (in `attributes.color` and the title after a comma). */
  colors?: readonly string[];
  /** Sizes of the variants: `attributes.size` only. */
  sizes?: readonly string[];
  /** One per family, in the title after the noun and in `attributes[packKey]`. */
  packs?: readonly string[];
  packKey?: string;
  /**
   * Appliances and electronics: a model number per family (`KM-650`, `RV2100`) and a UPC per
   * product. The MPN is the model number itself (shared by the family's colours, as many feeds
   * do) or, with `mpnPerColor`, the model and a colour code (`KM650-PIS`).
   */
  model?: { prefix: string; base: number; step: number; mpnPerColor?: boolean };
  sentences: readonly string[];
}

const BRANDS = [
  'Brightwell',
  'Nestling',
  'Calloway Home',
  'Voltera',
  'Hushwood',
  'Kinder & Co.',
  'Porchlight',
  'Maple Row',
  'Tessellate',
  'Gannet',
  'Lumaray',
  'Bramblebee',
] as const;

const FURNITURE_COLORS = ['gray', 'charcoal gray', 'beige', 'navy', 'sage green', 'ivory'] as const;
const BAG_COLORS = ['black', 'khaki', 'navy', 'burgundy', 'gray'] as const;
const APPLIANCE_COLORS = ['white', 'black', 'red', 'pistachio', 'gray'] as const;
const BABY_COLORS = ['mint', 'blush pink', 'gray', 'mustard', 'white'] as const;

/**
 * A third merchant, written from scratch: a family household store in American English (diapers,
 * strollers, cribs, sofas, small appliances with model numbers and UPCs, flashlights, duffel bags).
 * The British words shoppers also use (nappy, pushchair, cot, settee, holdall, torch, dustbin,
 * flannel, grey, aluminium, colour) are nowhere in it: the everyday-word questions ask in them.
 */
const KINDS: readonly HouseholdKind[] = [
  {
    noun: 'LED Flashlight',
    category: 'Hardware > Tools > Flashlights',
    price: [12, 89],
    materials: ['aluminum', 'ABS plastic'],
    tags: ['rechargeable', 'waterproof', 'emergency'],
    colors: ['black', 'red', 'olive drab'],
    model: { prefix: 'FL-', base: 200, step: 50 },
    sentences: ['A {material} body that survives a drop from six feet.', 'Keep one in the car and one by the bed for power outages.'],
  },
  {
    noun: 'Disposable Diapers',
    category: 'Baby & Toddler > Diapering > Diapers',
    price: [18, 59],
    materials: ['plant-based liner', 'cotton-soft liner'],
    materialKey: 'liner',
    tags: ['hypoallergenic', 'overnight', 'wetness indicator'],
    sizes: ['Newborn', '1', '2', '3', '4', '5', '6'],
    packs: ['84 Count', '120 Count', '168 Count'],
    packKey: 'count',
    sentences: ['Up to 12 hours of leak protection with a {material}.', 'Soft, stretchy sides for a snug fit while your baby moves.'],
  },
  {
    noun: 'Fragrance-Free Baby Wipes',
    category: 'Baby & Toddler > Diapering > Baby Wipes',
    price: [6, 24],
    materials: ['99% water', 'aloe and water'],
    materialKey: 'formula',
    tags: ['sensitive skin', 'hypoallergenic', 'plastic-free'],
    packs: ['3 Packs', '6 Packs', '12 Packs'],
    packKey: 'pack',
    sentences: ['Gentle enough for newborn skin.', 'Made with {material}, nothing else added.'],
  },
  {
    noun: 'Scented Baby Wipes',
    category: 'Baby & Toddler > Diapering > Baby Wipes',
    price: [5, 19],
    materials: ['cucumber scent', 'lavender scent'],
    materialKey: 'scent',
    tags: ['thick', 'resealable'],
    packs: ['3 Packs', '6 Packs'],
    packKey: 'pack',
    sentences: ['A light {material} fragrance parents love.', 'Thick wipes that do not tear.'],
  },
  {
    noun: 'Sofa',
    category: 'Furniture > Living Room > Sofas',
    price: [499, 2199],
    materials: ['linen blend', 'performance velvet', 'top-grain leather'],
    tags: ['living room', 'three-seat', 'removable cushions'],
    colors: FURNITURE_COLORS,
    sentences: ['Kiln-dried hardwood frame upholstered in {material}.', 'Delivered to your room of choice and assembled for free.'],
  },
  {
    noun: 'Loveseat',
    category: 'Furniture > Living Room > Loveseats',
    price: [349, 1299],
    materials: ['linen blend', 'performance velvet', 'top-grain leather'],
    tags: ['living room', 'small spaces', 'two-seat'],
    colors: FURNITURE_COLORS,
    sentences: ['Seats two in {material}.', 'Fits apartments and dens where a full sofa will not.'],
  },
  {
    noun: 'Duffel Bag',
    category: 'Luggage & Bags > Duffel Bags',
    price: [39, 189],
    materials: ['nylon twill', 'canvas', 'full-grain leather'],
    tags: ['weekender', 'gym', 'carry-on'],
    colors: BAG_COLORS,
    packs: ['40 L', '60 L'],
    packKey: 'volume',
    sentences: ['A {material} bag with a shoe compartment.', 'Packs flat when you get home.'],
  },
  {
    noun: 'Tote Bag',
    category: 'Luggage & Bags > Tote Bags',
    price: [19, 129],
    materials: ['canvas', 'full-grain leather', 'recycled nylon'],
    tags: ['everyday', 'zip top', 'laptop sleeve'],
    colors: BAG_COLORS,
    sentences: ['Roomy {material} with an inside zip pocket.', 'Shoulder straps long enough to wear over a winter coat.'],
  },
  {
    noun: 'Stand Mixer',
    category: 'Home & Garden > Kitchen Appliances > Mixers',
    price: [179, 549],
    materials: ['die-cast zinc', 'stainless steel bowl'],
    tags: ['baking', 'tilt-head', '10 speeds'],
    colors: APPLIANCE_COLORS,
    model: { prefix: 'KM-', base: 450, step: 50, mpnPerColor: true },
    sentences: ['A 5-quart bowl and a {material} body.', 'Comes with a dough hook, flat beater and wire whip.'],
  },
  {
    noun: 'Robot Vacuum',
    category: 'Home & Garden > Household Appliances > Vacuums',
    price: [199, 899],
    materials: ['lidar navigation', 'camera navigation'],
    materialKey: 'navigation',
    tags: ['pet hair', 'app control', 'self-emptying'],
    colors: ['black', 'white'],
    model: { prefix: 'RV', base: 2100, step: 200 },
    sentences: ['Maps your home with {material}.', 'Schedules cleaning from your phone.'],
  },
  {
    noun: 'Over-Ear Headphones',
    category: 'Electronics > Audio > Headphones',
    price: [59, 399],
    materials: ['memory foam cushions', 'velour cushions'],
    materialKey: 'cushions',
    tags: ['active noise cancelling', 'wireless', '30-hour battery'],
    colors: ['black', 'silver', 'midnight blue'],
    model: { prefix: 'AX-', base: 410, step: 20, mpnPerColor: true },
    sentences: ['Closed-back cups with {material}.', 'Folds into the hard case.'],
  },
  {
    noun: 'On-Ear Headphones',
    category: 'Electronics > Audio > Headphones',
    price: [29, 199],
    materials: ['memory foam cushions', 'protein leather cushions'],
    materialKey: 'cushions',
    tags: ['wireless', 'foldable', 'kids volume limit'],
    colors: ['black', 'silver', 'coral'],
    model: { prefix: 'HX-', base: 110, step: 20, mpnPerColor: true },
    sentences: ['Light {material} that rest on the ear.', 'A built-in microphone for calls.'],
  },
  {
    noun: 'Jogging Stroller',
    category: 'Baby & Toddler > Strollers',
    price: [249, 699],
    materials: ['air-filled tires', 'foam-filled tires'],
    materialKey: 'tires',
    tags: ['all-terrain', 'one-hand fold', 'hand brake'],
    colors: ['black', 'gray', 'navy'],
    sentences: ['Smooth on gravel with {material}.', 'A five-point harness and a canopy with a peekaboo window.'],
  },
  {
    noun: 'Convertible Crib',
    category: 'Baby & Toddler > Nursery Furniture > Cribs',
    price: [229, 799],
    materials: ['solid pine', 'solid maple'],
    tags: ['4-in-1', 'adjustable mattress height', 'nursery'],
    colors: ['white', 'natural', 'espresso'],
    sentences: ['Converts to a toddler bed and a daybed.', 'Finished with non-toxic paint on {material}.'],
  },
  {
    noun: 'Step Trash Can',
    category: 'Home & Garden > Household Supplies > Trash Cans',
    price: [29, 149],
    materials: ['stainless steel', 'recycled plastic'],
    tags: ['soft close', 'odor control', 'kitchen'],
    colors: ['silver', 'white', 'black'],
    packs: ['30 L', '45 L'],
    packKey: 'capacity',
    sentences: ['A {material} can with a removable inner bucket.', 'The lid closes slowly and quietly.'],
  },
  {
    noun: 'Watering Can',
    category: 'Home & Garden > Lawn & Garden > Watering Cans',
    price: [14, 59],
    materials: ['galvanized steel', 'recycled plastic'],
    tags: ['garden', 'long spout', 'indoor plants'],
    colors: ['green', 'terracotta', 'gray'],
    packs: ['1 Gallon', '2 Gallon'],
    packKey: 'capacity',
    sentences: ['A {material} can with a removable rose.', 'Balanced so it does not tip when full.'],
  },
  {
    noun: 'Kids Water Bottle',
    category: 'Baby & Toddler > Feeding > Cups & Bottles',
    price: [9, 29],
    materials: ['stainless steel', 'tritan plastic'],
    tags: ['spill-proof', 'dishwasher safe', 'school'],
    colors: ['mint', 'blush pink', 'navy', 'mustard'],
    packs: ['12 oz', '16 oz'],
    packKey: 'capacity',
    sentences: ['A straw lid that does not leak in a backpack.', 'Made of {material}.'],
  },
  {
    noun: 'Baby Sleep Sack',
    category: 'Baby & Toddler > Baby Sleepwear',
    price: [24, 69],
    materials: ['cotton muslin', 'bamboo viscose', 'organic cotton'],
    tags: ['swaddle transition', 'two-way zipper', '1.0 TOG'],
    colors: BABY_COLORS,
    sizes: ['S', 'M', 'L', 'XL'],
    sentences: ['Breathable {material} for safe sleep.', 'Arms free, legs free to kick.'],
  },
  {
    noun: 'Orthodontic Pacifier',
    category: 'Baby & Toddler > Pacifiers & Teethers',
    price: [5, 15],
    materials: ['medical-grade silicone'],
    tags: ['BPA-free', 'dishwasher safe', '0-6 months'],
    colors: BABY_COLORS,
    packs: ['2 Pack', '4 Pack'],
    packKey: 'pack',
    sentences: ['One piece of {material}, no seams to trap dirt.', 'Shaped for developing teeth and gums.'],
  },
  {
    noun: 'Baby Washcloths',
    category: 'Baby & Toddler > Bathing > Washcloths',
    price: [8, 26],
    materials: ['organic cotton terry', 'bamboo terry'],
    tags: ['soft', 'bath time', 'gift set'],
    colors: BABY_COLORS,
    packs: ['6 Pack', '12 Pack'],
    packKey: 'pack',
    sentences: ['Soft {material} that gets softer in the wash.', 'Big enough for bath time, small enough for a diaper bag.'],
  },
  {
    noun: 'Ceiling Fan',
    category: 'Home & Garden > Household Appliances > Fans',
    price: [89, 459],
    materials: ['DC motor', 'AC motor'],
    materialKey: 'motor',
    tags: ['remote control', 'reversible', 'dimmable light'],
    colors: ['white', 'matte black', 'brushed nickel'],
    model: { prefix: 'CF-', base: 52, step: 4 },
    sentences: ['A quiet {material} with six speeds.', 'Reverse it in winter to move warm air down.'],
  },
];

export function householdCatalog(): RelevanceCatalog {
  const products = generateHousehold(FIRST_IMPORT + NEW_ARRIVALS, HOUSEHOLD_SEED);
  return {
    name: 'household',
    products,
    imports: [products.slice(0, FIRST_IMPORT), products.slice(FIRST_IMPORT)],
    mainCurrency: 'USD',
    synonyms: [
      { type: 'one_way', input: 'buggy', synonyms: ['stroller'] },
      { type: 'group', synonyms: ['couch', 'sofa'] },
    ],
  };
}

function generateHousehold(count: number, seed: number): CatalogProduct[] {
  const r = new Prng(seed);
  const products: CatalogProduct[] = [];
  const familiesOfKind = new Map<string, number>();
  let family = 0;
  while (products.length < count) {
    family++;
    const kind = r.pick(KINDS);
    const nth = familiesOfKind.get(kind.noun) ?? 0;
    familiesOfKind.set(kind.noun, nth + 1);
    const brand = r.pick(BRANDS);
    const material = r.pick(kind.materials);
    const pack = kind.packs ? r.pick(kind.packs) : null;
    const model = kind.model ? `${kind.model.prefix}${kind.model.base + nth * kind.model.step}` : null;
    const colors = kind.colors ? r.sample(kind.colors, r.int(1, 3)) : [null];
    const sizes = kind.sizes ? r.sample(kind.sizes, r.int(2, Math.min(5, kind.sizes.length))) : [null];
    const basePrice = r.int(kind.price[0], kind.price[1]);
    const variants = colors.flatMap((color) => sizes.map((size) => ({ color, size })));
    const groupId = variants.length > 1 ? `FAM${String(family).padStart(5, '0')}` : null;
    for (const { color, size } of variants) {
      if (products.length >= count) break;
      const index = products.length;
      const name = [brand, model, kind.noun, pack].filter(Boolean).join(' ');
      const amount = basePrice + r.pick([0.99, 0.95, 0]);
      const product: CatalogProduct = {
        id: `HW-${10_001 + index}`,
        title: color ? `${name}, ${capitalise(color)}` : name,
        description: r
          .sample(kind.sentences, 2)
          .map((s) => s.replace(/\{material\}/g, material))
          .join(' '),
        price: { amount, currency: 'USD' },
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
      if (r.chance(0.15)) product.sale_price = { amount: Math.round(amount * (0.7 + r.next() * 0.2) * 100) / 100, currency: 'USD' };
      if (groupId) product.group_id = groupId;
      const attributes: Record<string, string | number | boolean> = { [kind.materialKey ?? 'material']: material };
      if (color) attributes.color = color;
      if (size) attributes.size = size;
      if (pack) attributes[kind.packKey ?? 'pack'] = pack;
      if (model) {
        attributes.model = model;
        // One UPC per product, stored as GTIN-12, -13 or -14 (zero-padded) in turn: the same number to GS1.
        const upc = upcOf(r);
        product.gtin = '0'.repeat(index % 3) + upc;
        product.mpn = kind.model!.mpnPerColor ? `${model.replace('-', '')}-${(color ?? 'std').slice(0, 3).toUpperCase()}` : model;
      }
      if (r.chance(0.4)) attributes.warranty_years = r.int(1, 5);
      product.attributes = attributes;
      products.push(product);
    }
  }
  return products;
}

/** A UPC-A (GTIN-12) with a valid check digit and no leading zero. */
function upcOf(r: Prng): string {
  const body = String(r.int(1, 9)) + r.digits(10);
  return body + gtinCheckDigit(body);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
