import { all, attr, attrIs, availability, brand, category, gtin, mentions, mpn, not, price, productIs, some, tag, title } from './judge';
import { negative, query, type RelevanceQuery } from './relevance-query';

/** Questions over the bench catalog (bench generator + extension kinds), each judged by a predicate. */
export const BENCH_QUERIES: readonly RelevanceQuery[] = [
  // Exact keywords: title words, brand, category words.
  query('exact', 'crew sweater', title('crew sweater')),
  query('exact', 'cast iron skillet', title('cast iron skillet')),
  query('exact', 'Northfold', brand('Northfold')),
  query('exact', 'wireless headphones', title('wireless headphones')),
  query('exact', 'mechanical keyboard', title('mechanical keyboard')),
  query('exact', 'garden hose', title('garden hose')),
  query('exact', 'kitchen knives', category('kitchen knives')),
  query('exact', 'Kestrel rain jacket', all(brand('Kestrel'), title('rain jacket'))),
  query('exact', 'chelsea boot', title('chelsea boot')),
  query('exact', 'Halcyon table lamp', all(brand('Halcyon'), title('table lamp'))),
  query('exact', 'face serum', title('face serum')),

  // Natural-language questions with filler words.
  query('natural', 'I am looking for a warm merino sweater for the winter', all(title('sweater'), attr('material', 'merino'))),
  query('natural', 'show me some adjustable dumbbells please', title('adjustable dumbbell')),
  query('natural', 'which desk lamps would suit a home office', title('lamp')),
  query('natural', 'do you have a cast iron pan', title('cast iron')),
  query('natural', 'can you find me a waterproof rain jacket for hiking', title('rain jacket')),
  query('natural', 'I need a charger for my phone when I travel', title('charger')),
  query('natural', 'do you sell ground coffee', title('ground coffee')),
  query('natural', 'what chef knives do you have in damascus steel', all(title('chef knife'), attr('material', 'damascus'))),
  query('natural', 'my kids would love a building set', title('building set')),

  // One typo (5+ letters: one edit; 9+: up to two).
  query('typo', 'merinno sweater', all(title('sweater'), attr('material', 'merino'))),
  query('typo', 'headphnes', title('headphones')),
  query('typo', 'expresso cups', title('espresso cup')),
  query('typo', 'dumbell', title('dumbbell')),
  query('typo', 'blutooth speaker', title('bluetooth speaker')),
  query('typo', 'chelsey boots', title('chelsea boot')),
  query('typo', 'mechanical keybord', title('mechanical keyboard')),
  query('typo', 'trekking polles', title('trekking poles')),

  // Search as you type: the last word cut (3+ letters).
  query('prefix', 'headph', title('headphones')),
  query('prefix', 'cast iron skil', title('cast iron skillet')),
  query('prefix', 'trekking pol', title('trekking poles')),
  query('prefix', 'mechanical keyb', title('mechanical keyboard')),
  query('prefix', 'throw blan', title('throw blanket')),
  query('prefix', 'bluetooth spea', title('bluetooth speaker')),

  // Accents: the query without, the product with.
  query('accent', 'creme linen shirt', all(title('linen shirt'), attrIs('color', 'creme'))),
  query('accent', 'maison lumiere', brand('Maison Lumière')),
  query('accent', 'sondergaard throw blanket', all(brand('Søndergaard'), title('throw blanket'))),
  query('accent', 'muller sohne', brand('Müller & Söhne')),
  query('accent', 'ecru daypack', all(title('daypack'), attrIs('color', 'ecru'))),

  // Apostrophes.
  query('apostrophe', 'margies', brand('Margie’s')),
  query('apostrophe', "o'hara desk lamp", all(brand('O’Hara & Sons'), title('desk lamp'))),
  query('apostrophe', 'ohara sons', brand('O’Hara & Sons')),

  // Compounds and hyphens.
  query('compound', 'usb c charger', title('usb c charger')),
  query('compound', 'usbc charger', title('usb c charger')),
  query('compound', 'non slip yoga mat', all(title('yoga mat'), tag('non slip'))),
  query('compound', 'bpa free bottle', all(title('bottle'), tag('bpa free'))),
  query('compound', 'button down shirt', all(title('shirt'), tag('button down'))),

  // Numbers with units written together.
  query('unit', '750ml bottle', all(title('bottle'), title('750 ml'))),
  query('unit', '28l daypack', all(title('daypack'), title('28 l'))),
  query('unit', '24kg dumbbell', all(title('dumbbell'), title('24 kg'))),

  // Attribute values (size, colour, material live in attributes).
  query('attribute', 'linen shirt size XL', all(title('linen shirt'), attrIs('size', 'XL'))),
  query('attribute', 'a leather chelsea boot in size 42', all(title('chelsea boot'), attrIs('material', 'leather'), attrIs('size', '42'))),
  query('attribute', 'cashmere sweater', all(title('sweater'), attr('material', 'cashmere'))),
  query('attribute', 'oak table lamp', all(title('table lamp'), attr('material', 'oak'))),
  query('attribute', 'suede chelsea boots', all(title('chelsea boot'), attr('material', 'suede'))),
  query('attribute', 'cork yoga mat', all(title('yoga mat'), attr('material', 'cork'))),

  // Synonyms configured for the organization (PUT /v1/catalogs/synonyms).
  query('synonym', 'earphones', title('headphones')),
  query('synonym', 'earbuds', title('headphones')),
  query('synonym', 'trainers', title('running shoe')),
  query('synonym', 'sofa throw', title('throw blanket')),
  query('synonym', 'wool jumper', all(title('sweater'), some(attr('material', 'wool'), attr('material', 'merino')))),
  query('synonym', 'frying pan', title('skillet')),

  // Constraints (issue 31): price phrases in the catalog's main currency (USD), availability, size words, negation, "X free".
  query('constraint', 'wireless headphones under 100', all(title('wireless headphones'), price('USD', { max: 100 })), {
    interpretation: { words: { under: 'filter', '100': 'filter' }, inferred: { price_max: { amount: 100, currency: 'USD' } } },
  }),
  query('constraint', 'cast iron skillet less than $40', all(title('cast iron skillet'), price('USD', { max: 40 })), {
    interpretation: { inferred: { price_max: { amount: 40, currency: 'USD' } } },
  }),
  query('constraint', 'desk chair over 300 USD', all(title('desk chair'), price('USD', { min: 300 })), {
    interpretation: { words: { over: 'filter' }, inferred: { price_min: { amount: 300, currency: 'USD' } } },
  }),
  query('constraint', 'in stock mechanical keyboard', all(title('mechanical keyboard'), availability('in_stock')), {
    interpretation: { words: { 'in stock': 'filter' }, inferred: { availability: ['in_stock'] } },
  }),
  query('constraint', 'linen shirt size s', all(title('linen shirt'), attrIs('size', 'S')), {
    interpretation: { words: { s: 'matched' } },
  }),
  query('constraint', 'rain jacket not waterproof', all(title('rain jacket'), not(mentions('waterproof'))), {
    interpretation: { words: { waterproof: 'excluded' } },
  }),
  query('constraint', 'cruelty free face serum', all(title('face serum'), tag('cruelty free'))),
  query('constraint', 'gluten free ground coffee', title('ground coffee'), {
    interpretation: { match: 'partial', words: { gluten: 'not_found' } },
  }),

  // Codes: GTIN-12 asked as 13 digits, GTIN-14 asked without its leading zeros, GTIN-13/-8, MPN, ids.
  query('code', '0754914014577', gtin('754914014577'), {
    first: true,
    interpretation: { match: 'code', words: { '0754914014577': 'code' } },
  }),
  query('code', '432358956737', gtin('00432358956737'), { first: true, interpretation: { match: 'code' } }),
  query('code', '3004830040585', gtin('3004830040585'), { first: true, interpretation: { match: 'code' } }),
  query('code', '45701146', gtin('45701146'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'COB-9079-66', mpn('COB-9079-66'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'hal-6906-32', mpn('HAL-6906-32'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'SKU-0000024', productIs('SKU-0000024'), { first: true, interpretation: { match: 'code' } }),
  query('code', '700000028', productIs('700000028'), { first: true, interpretation: { match: 'code' } }),

  // Variants: one entry per group_id (collapse_variants=true).
  query('variant', 'crew sweater', title('crew sweater'), { collapse: true }),
  query('variant', 'linen shirt', title('linen shirt'), { collapse: true }),
  query('variant', 'chelsea boot', title('chelsea boot'), { collapse: true }),

  // Sort asked in words (by what a buyer pays, in USD, the catalog's main currency).
  query('sort', 'cheapest chelsea boot', title('chelsea boot'), {
    order: 'price_asc',
    interpretation: { inferred: { sort: 'price_asc' } },
  }),
  query('sort', 'cheapest wireless headphones', title('wireless headphones'), {
    order: 'price_asc',
    interpretation: { words: { cheapest: 'sort' }, inferred: { sort: 'price_asc' } },
  }),
  query('sort', 'lowest price yoga mat', title('yoga mat'), { order: 'price_asc', interpretation: { inferred: { sort: 'price_asc' } } }),

  // Everyday words and British/American spellings (the catalog writes grey, aluminium, cozy, hose).
  query('everyday', 'stone gray sweater', all(title('sweater'), attrIs('color', 'stone grey')), {
    interpretation: { words: { gray: { status: ['expanded', 'corrected'], to: ['grey'] } } },
  }),
  query('everyday', 'aluminum desk lamp', all(title('desk lamp'), attr('material', 'aluminium'))),
  query('everyday', 'cosy throw blanket', all(title('throw blanket'), tag('cozy'))),
  query('everyday', 'hosepipe', title('garden hose'), { interpretation: { words: { hosepipe: { status: 'expanded', via: 'everyday' } } } }),

  // No word of the query is in the catalog: the right answer is nothing.
  negative('zeppelin'),
  negative('saxophone'),
  negative('quantum entanglement'),
  negative('helicopter rotor blades'),
];
