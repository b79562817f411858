import { all, attr, attrIs, brand, category, some, tag, title } from './judge';
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

  // No word of the query is in the catalog: the right answer is nothing.
  negative('zeppelin'),
  negative('saxophone'),
  negative('quantum entanglement'),
  negative('helicopter rotor blades'),
];
