import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { ADJECTIVES, BRANDS, COLORS } from '../../../tools/harness/catalog-vocabulary';
import { generateCatalog } from '../../../tools/harness/generate-catalog';
import type { CatalogProduct, RelevanceCatalog } from './catalog-product';
import { generateFamilies, type Vocabulary } from './family-generator';

const BENCH_SEED = 23;
/** About 5,300 products from the bench generator (its size-driven output, unchanged). */
const BENCH_BYTES = 4_718_592;
const EXTENSION_PRODUCTS = 1_200;

/**
 * Kinds the bench vocabulary lacks, in the bench's style and with its brands, adjectives and
 * colours: a colour with an accent (Crème), brands with apostrophes, units in titles (750 ml,
 * 28 L), sizes only in attributes (EU shoe sizes).
 */
const EXTENSION: Vocabulary = {
  idPrefix: 'EXT',
  currency: 'USD',
  colorInTitle: true,
  brands: [...BRANDS, 'Margie’s', 'O’Hara & Sons'],
  adjectives: ADJECTIVES,
  colors: [...COLORS, 'crème', 'écru'],
  sentences: [
    'Made from {material} and finished by hand in the {brand} workshop.',
    'The {noun} comes in {color} and is backed by a two-year warranty.',
    'Designed for everyday use at home, at work or on the road.',
    'Ships in recyclable packaging within two working days.',
    'Its {unit} size fits most holders and bags.',
  ],
  kinds: [
    {
      noun: 'Chelsea Boot',
      category: 'Apparel & Accessories > Shoes > Boots',
      price: [79, 260],
      materials: ['leather', 'suede', 'vegan leather'],
      tags: ['boots', 'autumn', 'classic'],
      sizes: ['38', '39', '40', '41', '42', '43', '44', '45', '46'],
    },
    {
      noun: 'Linen Shirt',
      category: 'Apparel & Accessories > Clothing > Shirts & Tops',
      price: [29, 120],
      materials: ['linen', 'linen-cotton blend'],
      tags: ['summer', 'breathable', 'relaxed fit'],
      sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    },
    {
      noun: 'Espresso Cup Set',
      category: 'Home & Garden > Kitchen & Dining > Tableware > Drinkware > Coffee & Tea Cups',
      price: [15, 80],
      materials: ['porcelain', 'stoneware', 'double-wall glass'],
      tags: ['coffee', 'kitchen', 'gift'],
      units: ['80 ml', '90 ml'],
      unitKey: 'capacity',
    },
    {
      noun: 'Adjustable Dumbbell',
      category: 'Sporting Goods > Exercise & Fitness > Free Weights > Dumbbells',
      price: [59, 420],
      materials: ['cast iron', 'steel', 'rubber-coated steel'],
      tags: ['strength', 'home gym', 'fitness'],
      units: ['12 kg', '24 kg', '32 kg'],
      unitKey: 'max_weight',
    },
    {
      noun: 'Desk Lamp',
      category: 'Home & Garden > Lighting > Lamps',
      price: [25, 190],
      materials: ['aluminium', 'brass', 'steel'],
      tags: ['lighting', 'home office', 'LED', 'dimmable'],
    },
    {
      noun: 'Bluetooth Speaker',
      category: 'Electronics > Audio > Audio Components > Speakers',
      price: [29, 320],
      materials: ['fabric', 'aluminium', 'silicone'],
      tags: ['audio', 'portable', 'waterproof'],
    },
    {
      noun: 'Insulated Bottle',
      category: 'Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles',
      price: [15, 60],
      materials: ['stainless steel', 'titanium'],
      tags: ['hydration', 'BPA-free', 'leakproof'],
      units: ['500 ml', '750 ml', '1 L'],
      unitKey: 'capacity',
    },
    {
      noun: 'Daypack',
      category: 'Luggage & Bags > Backpacks',
      price: [39, 190],
      materials: ['ripstop nylon', 'recycled polyester', 'waxed canvas'],
      tags: ['hiking', 'travel', 'commuting'],
      units: ['18 L', '22 L', '28 L', '32 L'],
      unitKey: 'volume',
    },
    {
      noun: 'Trekking Poles',
      category: 'Sporting Goods > Outdoor Recreation > Hiking > Trekking Poles',
      price: [35, 180],
      materials: ['carbon fibre', 'aluminium'],
      tags: ['hiking', 'adjustable', 'foldable'],
    },
  ],
};

/** The bench's realistic catalog (seeded, no invalid elements) plus the extension kinds. */
export async function benchCatalog(): Promise<RelevanceCatalog> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pds-relevance-'));
  try {
    const manifest = await generateCatalog({ sizeBytes: BENCH_BYTES, seed: BENCH_SEED, outDir: dir, invalidRate: 0 });
    const bench = JSON.parse(await readFile(manifest.file, 'utf8')) as CatalogProduct[];
    return {
      name: 'bench',
      products: [...bench, ...generateFamilies(EXTENSION, EXTENSION_PRODUCTS, BENCH_SEED)],
      mainCurrency: 'USD',
      synonyms: [
        { type: 'group', synonyms: ['earphones', 'earbuds', 'headphones'] },
        { type: 'one_way', input: 'trainers', synonyms: ['running shoe'] },
        { type: 'one_way', input: 'sofa throw', synonyms: ['throw blanket'] },
        { type: 'one_way', input: 'jumper', synonyms: ['sweater'] },
        { type: 'group', synonyms: ['frying pan', 'skillet'] },
      ],
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
