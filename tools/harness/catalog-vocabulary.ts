/** Word lists for the synthetic catalog: shaped like a mid-size merchant feed (apparel, home, electronics...). */

export interface ProductKind {
  noun: string;
  category: string;
  /** Price range in major units (USD-like). */
  price: readonly [number, number];
  sized: boolean;
  materials: readonly string[];
  tags: readonly string[];
}

export const PRODUCT_KINDS: readonly ProductKind[] = [
  {
    noun: 'Crew Sweater',
    category: 'Apparel & Accessories > Clothing > Sweaters',
    price: [29, 180],
    sized: true,
    materials: ['merino wool', 'cotton', 'cashmere blend', 'recycled polyester'],
    tags: ['knitwear', 'winter', 'layering'],
  },
  {
    noun: 'Oxford Shirt',
    category: 'Apparel & Accessories > Clothing > Shirts & Tops',
    price: [24, 120],
    sized: true,
    materials: ['cotton', 'linen', 'organic cotton'],
    tags: ['office', 'classic', 'button-down'],
  },
  {
    noun: 'Running Shoe',
    category: 'Apparel & Accessories > Shoes > Athletic Shoes',
    price: [49, 220],
    sized: true,
    materials: ['mesh', 'knit', 'synthetic'],
    tags: ['running', 'sport', 'cushioned'],
  },
  {
    noun: 'Rain Jacket',
    category: 'Apparel & Accessories > Clothing > Outerwear > Coats & Jackets',
    price: [59, 340],
    sized: true,
    materials: ['nylon', 'recycled polyester', 'waxed cotton'],
    tags: ['waterproof', 'outdoor', 'packable'],
  },
  {
    noun: 'Leather Belt',
    category: 'Apparel & Accessories > Clothing Accessories > Belts',
    price: [19, 95],
    sized: true,
    materials: ['full-grain leather', 'vegan leather'],
    tags: ['accessories', 'gift'],
  },
  {
    noun: 'Chef Knife',
    category: 'Home & Garden > Kitchen & Dining > Kitchen Tools & Utensils > Kitchen Knives',
    price: [25, 260],
    sized: false,
    materials: ['stainless steel', 'carbon steel', 'damascus steel'],
    tags: ['kitchen', 'cooking', 'gift'],
  },
  {
    noun: 'Cast Iron Skillet',
    category: 'Home & Garden > Kitchen & Dining > Cookware & Bakeware > Cookware',
    price: [22, 140],
    sized: false,
    materials: ['cast iron', 'enamelled cast iron'],
    tags: ['kitchen', 'cookware', 'oven-safe'],
  },
  {
    noun: 'Throw Blanket',
    category: 'Home & Garden > Linens & Bedding > Bedding > Blankets',
    price: [29, 160],
    sized: false,
    materials: ['wool', 'cotton', 'fleece', 'alpaca blend'],
    tags: ['home', 'cozy', 'living room'],
  },
  {
    noun: 'Table Lamp',
    category: 'Home & Garden > Lighting > Lamps',
    price: [35, 290],
    sized: false,
    materials: ['ceramic', 'brass', 'oak', 'glass'],
    tags: ['lighting', 'decor', 'bedroom'],
  },
  {
    noun: 'Wireless Headphones',
    category: 'Electronics > Audio > Audio Components > Headphones & Headsets > Headphones',
    price: [39, 450],
    sized: false,
    materials: ['aluminium', 'plastic', 'protein leather'],
    tags: ['audio', 'bluetooth', 'noise cancelling'],
  },
  {
    noun: 'USB-C Charger',
    category: 'Electronics > Electronics Accessories > Power > Power Adapters & Chargers',
    price: [12, 89],
    sized: false,
    materials: ['polycarbonate', 'GaN'],
    tags: ['charging', 'travel', 'fast charge'],
  },
  {
    noun: 'Mechanical Keyboard',
    category: 'Electronics > Electronics Accessories > Computer Components > Input Devices > Keyboards',
    price: [49, 260],
    sized: false,
    materials: ['aluminium', 'ABS', 'PBT'],
    tags: ['computer', 'gaming', 'office'],
  },
  {
    noun: 'Yoga Mat',
    category: 'Sporting Goods > Exercise & Fitness > Yoga & Pilates > Yoga Mats',
    price: [19, 130],
    sized: false,
    materials: ['natural rubber', 'TPE', 'cork'],
    tags: ['yoga', 'fitness', 'non-slip'],
  },
  {
    noun: 'Trail Backpack',
    category: 'Luggage & Bags > Backpacks',
    price: [39, 280],
    sized: false,
    materials: ['ripstop nylon', 'canvas', 'recycled polyester'],
    tags: ['hiking', 'travel', 'outdoor'],
  },
  {
    noun: 'Water Bottle',
    category: 'Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles',
    price: [12, 55],
    sized: false,
    materials: ['stainless steel', 'tritan', 'glass'],
    tags: ['hydration', 'insulated', 'bpa-free'],
  },
  {
    noun: 'Face Serum',
    category: 'Health & Beauty > Personal Care > Cosmetics > Skin Care > Facial Serums',
    price: [14, 120],
    sized: false,
    materials: ['hyaluronic acid', 'vitamin C', 'niacinamide'],
    tags: ['skincare', 'vegan', 'cruelty-free'],
  },
  {
    noun: 'Building Set',
    category: 'Toys & Games > Toys > Building Toys > Construction Set Toys',
    price: [15, 199],
    sized: false,
    materials: ['ABS plastic', 'beech wood'],
    tags: ['kids', 'stem', 'gift'],
  },
  {
    noun: 'Ground Coffee',
    category: 'Food, Beverages & Tobacco > Beverages > Coffee',
    price: [9, 39],
    sized: false,
    materials: ['arabica', 'robusta blend'],
    tags: ['coffee', 'fair trade', 'organic'],
  },
  {
    noun: 'Desk Chair',
    category: 'Furniture > Office Furniture > Office Chairs',
    price: [89, 890],
    sized: false,
    materials: ['mesh', 'fabric', 'leather'],
    tags: ['office', 'ergonomic', 'home office'],
  },
  {
    noun: 'Garden Hose',
    category: 'Home & Garden > Lawn & Garden > Watering & Irrigation > Garden Hoses',
    price: [19, 99],
    sized: false,
    materials: ['rubber', 'PVC', 'latex core'],
    tags: ['garden', 'outdoor', 'kink-free'],
  },
];

export const BRANDS = [
  'Northfold',
  'Alder & Finch',
  'Kestrel',
  'Brightwater',
  'Maison Lumière',
  'Søndergaard',
  'Ironbark',
  'Pelican Bay',
  'Urban Fable',
  'Tidewell',
  'Cobalt Works',
  'Hearth & Loom',
  'Vantage',
  'Little Otter',
  'Müller & Söhne',
  'Saltmarsh',
  'Bluecrest',
  'Oakhaven',
  'Fjellro',
  'Copperline',
  'Verde Vivo',
  'Nimbus',
  'Halcyon',
  'Redwood Supply Co.',
] as const;

export const ADJECTIVES = [
  'Classic',
  'Essential',
  'Everyday',
  'Premium',
  'Lightweight',
  'Heritage',
  'Modern',
  'Compact',
  'Pro',
  'Signature',
  'Ultra',
  'Relaxed',
  'Original',
  'Travel',
  'Studio',
  'Deluxe',
] as const;

export const COLORS = [
  'black',
  'white',
  'navy',
  'charcoal',
  'forest green',
  'sand',
  'burgundy',
  'sky blue',
  'oatmeal',
  'rust',
  'olive',
  'stone grey',
] as const;
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

export const CURRENCIES: readonly (readonly [string, number])[] = [
  ['USD', 60],
  ['EUR', 18],
  ['GBP', 9],
  ['CAD', 5],
  ['AUD', 3],
  ['SEK', 2],
  ['JPY', 2],
  ['CHF', 1],
];

/** Rough factor from the USD-like range to the currency's amounts. */
export const CURRENCY_FACTOR: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 0.9,
  GBP: 0.8,
  CAD: 1.4,
  AUD: 1.5,
  SEK: 10,
  JPY: 150,
  CHF: 0.9,
};

/** Currencies without minor units. */
export const ZERO_DECIMAL = new Set(['JPY']);

export const BAD_CURRENCIES = ['usd', 'US$', 'EURO', 'XYZ', '€', 'Dollar', 'GBp'] as const;

export const UNKNOWN_FIELDS: readonly (readonly [string, unknown])[] = [
  ['colour', 'red'],
  ['shipping_weight', '1.2 kg'],
  ['Price', 19.99],
  ['custom_label_0', 'summer-sale'],
  ['productType', 'Shoes'],
  ['stock', 12],
];

export const SENTENCES: readonly string[] = [
  'Made from {material} for a soft hand feel and lasting comfort, day after day.',
  'The {noun_lc} is designed in-house by {brand} and tested by our team before it ships.',
  'Its {adjective_lc} profile works just as well at the office as it does on the weekend.',
  'Every piece is inspected by hand, and minor variations in colour are part of its character.',
  'Easy to care for: follow the label, avoid tumble drying at high heat and it will keep its shape.',
  'Pairs naturally with the rest of the {brand} range, so you can build a set over time.',
  'We source {material} from certified suppliers and publish the factory list on our website.',
  'Backed by a two-year warranty and free returns within 30 days of delivery.',
  'Reviewers call it "the one I reach for first" — and we think you will too.',
  'Thoughtful details such as reinforced seams and a low-profile finish set it apart.',
  'Available in several colours; the {color} shown here is a long-time customer favourite.',
  'Packed in recyclable, plastic-free packaging and shipped carbon-neutral.',
  'Lightweight yet sturdy, it handles daily use without fuss.',
  'A straightforward, honest design that does one job very well.',
];

export const FILLER_WORDS = [
  'quality',
  'design',
  'comfort',
  'durable',
  'everyday',
  'crafted',
  'finish',
  'detail',
  'natural',
  'timeless',
  'versatile',
  'simple',
  'reliable',
  'modern',
  'classic',
  'careful',
  'tested',
  'responsible',
  'sourced',
  'made',
] as const;
