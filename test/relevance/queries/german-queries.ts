import {
  all,
  attrIs,
  availability,
  brand,
  category,
  gtin,
  mentions,
  model,
  mpn,
  not,
  price,
  productIs,
  tag,
  title,
  titlePart,
} from './judge';
import { negative, query, type RelevanceQuery } from './relevance-query';

const EUR = 'EUR';
const LEATHER_BAG = all(category('gepack & taschen'), attrIs('material', 'leder'));

/**
 * Questions over the German store (catalogs/german-catalog.ts), asked in German as a shopper or
 * an agent writes them: inflected and compound words, umlauts typed or transliterated, German
 * constraint words; a few in English about the products written in English.
 */
export const GERMAN_QUERIES: readonly RelevanceQuery[] = [
  // Exact keywords.
  query('exact', 'Wasserkocher', title('wasserkocher')),
  query('exact', 'Kaffeevollautomat', title('kaffeevollautomat')),
  query('exact', 'Bettwäsche Leinen', all(title('bettwasche'), attrIs('material', 'leinen'))),
  query('exact', 'Lederwerk München', brand('Lederwerk München')),
  query('exact', 'Torwarthandschuhe', title('torwarthandschuhe')),
  query('exact', 'Regenschirm', title('regenschirm')),

  // Natural sentences: the intent, whatever the filler words.
  query('natural', 'ich suche eine ledertasche für die arbeit', LEATHER_BAG),
  query('natural', 'habt ihr wasserdichte wanderschuhe für damen', all(title('damen wanderschuhe'), tag('wasserdicht'))),
  query('natural', 'welche kaffeevollautomaten mit milchaufschäumer gibt es', all(title('kaffeevollautomat'), tag('milchaufschaumer'))),
  query('natural', 'ich brauche einen fußball für das training', title('fussball')),
  query('natural', 'zeig mir bitte bettwäsche aus baumwolle', all(title('bettwasche'), attrIs('material', 'baumwolle'))),
  query('natural', 'ich suche einen rucksack zum wandern', category('rucksacke')),

  // Typos: one edit in a word of five letters or more.
  query('typo', 'wasserkocer', title('wasserkocher')),
  query('typo', 'kopfhöhrer', title('kopfhorer')),
  query('typo', 'regenshirm', title('regenschirm')),
  query('typo', 'bettwäshe', title('bettwasche')),
  query('typo', 'rucksak', titlePart('rucksack')),
  query('typo', 'aktentashe', title('aktentasche')),

  // Prefixes: the last word cut.
  query('prefix', 'kaffeevollaut', title('kaffeevollautomat')),
  query('prefix', 'torwarthand', title('torwarthandschuhe')),

  // Inflection: another form than the catalog's (plural for singular, singular for plural, umlaut plurals).
  query('inflection', 'regenjacken', title('regenjacke')),
  query('inflection', 'espressotassen', titlePart('espressotasse')),
  query('inflection', 'regenmäntel', title('regenmantel')),
  query('inflection', 'wanderschuh', title('wanderschuh')),
  query('inflection', 'kaffeetassen', titlePart('kaffeetasse')),
  query('inflection', 'kochtöpfe', title('kochtopf')),
  query('inflection', 'bratpfannen', title('bratpfanne')),

  // Compounds both ways: the parts for the compound, a part inside compounds, hyphenated compounds.
  query('compound', 'regen mantel', title('regenmantel')),
  query('compound', 'kaffee tasse', titlePart('kaffeetasse')),
  query('compound', 'leder handtasche', title('lederhandtasche')),
  query('compound', 'kinder fahrrad', title('kinderfahrrad')),
  query('compound', 'tasse', all(titlePart('tasse'), category('trinkgefasse'))),
  // Bags, not torches (Taschenlampe) nor pocket umbrellas (Taschenschirm).
  query('compound', 'tasche', all(titlePart('tasche'), category('gepack & taschen'))),
  query('compound', 'handtasche', titlePart('handtasche')),
  query('compound', 'ledertaschen', LEATHER_BAG),
  query('compound', 'pfanne gusseisen', all(titlePart('pfanne'), attrIs('material', 'gusseisen'))),
  query('compound', 'led taschenlampe', title('led taschenlampe')),

  // Accents typed without them.
  query('accent', 'lederwerk munchen', brand('Lederwerk München')),
  query('accent', 'gurtel herren', all(titlePart('gurtel'), title('herren'))),
  query('accent', 'kuchenwerk wasserkocher', all(brand('Küchenwerk'), title('wasserkocher'))),

  // Folding: umlauts and ß transliterated (ue, oe, ss).
  query('folding', 'muenchen', brand('Lederwerk München')),
  query('folding', 'fussball', title('fussball')),
  query('folding', 'porzellanhaus koeln', brand('Porzellanhaus Köln')),
  query('folding', 'kopfhoerer', title('kopfhorer')),
  query('folding', 'bettwaesche 155 x 220', all(title('bettwasche'), attrIs('maße', '155 x 220 cm'))),

  // Units written on the number, with a decimal comma.
  query('unit', 'wasserkocher 1,5l', all(title('wasserkocher'), attrIs('fassungsvermögen', '1,5 l'))),
  query('unit', 'thermobecher 500ml', all(title('thermobecher'), attrIs('inhalt', '500 ml'))),
  query('unit', 'bratpfanne 28cm', all(title('bratpfanne'), attrIs('durchmesser', '28 cm'))),

  // Attributes.
  query('attribute', 'fußball größe 5', all(title('fussball'), attrIs('ballgröße', 'Größe 5'))),
  query('attribute', 'umhängetasche canvas', all(title('umhangetasche'), attrIs('material', 'canvas'))),
  query('attribute', 'regenjacke gelb', all(title('regenjacke'), attrIs('color', 'gelb'))),

  // Constraints in German: price phrases, availability, sizes, negation.
  query('constraint', 'wasserkocher unter 50 €', all(title('wasserkocher'), price(EUR, { max: 50 })), {
    interpretation: { words: { unter: 'filter' }, inferred: { price_max: { amount: 50, currency: EUR } } },
  }),
  query('constraint', 'kaffeevollautomat über 800 euro', all(title('kaffeevollautomat'), price(EUR, { min: 800 })), {
    interpretation: { inferred: { price_min: { amount: 800, currency: EUR } } },
  }),
  query('constraint', 'bettwäsche zwischen 50 und 100 €', all(title('bettwasche'), price(EUR, { min: 50, max: 100 })), {
    interpretation: { inferred: { price_min: { amount: 50, currency: EUR }, price_max: { amount: 100, currency: EUR } } },
  }),
  query('constraint', 'kopfhörer auf lager', all(title('kopfhorer'), availability('in_stock')), {
    interpretation: { words: { 'auf lager': 'filter' }, inferred: { availability: ['in_stock'] } },
  }),
  query('constraint', 'wanderschuhe größe 42', all(title('wanderschuhe'), attrIs('size', '42'))),
  query('constraint', 'damen regenjacke größe m', all(title('damen regenjacke'), attrIs('size', 'M'))),
  query('constraint', 'umhängetasche ohne leder', all(title('umhangetasche'), not(mentions('leder'))), {
    interpretation: { words: { leder: 'excluded' } },
  }),

  // Sort asked in words.
  query('sort', 'günstigste wasserkocher', title('wasserkocher'), {
    order: 'price_asc',
    interpretation: { words: { günstigste: 'sort' }, inferred: { sort: 'price_asc' } },
  }),
  query('sort', 'billigster regenschirm', title('regenschirm'), {
    order: 'price_asc',
    interpretation: { inferred: { sort: 'price_asc' } },
  }),

  // Codes: GTIN-13 as stored and as 13 digits for a stored GTIN-14, MPN, model number, article number.
  query('code', '4367377410129', gtin('4367377410129'), { first: true, interpretation: { match: 'code' } }),
  query('code', '4070666129311', gtin('04070666129311'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'kh370-sw', mpn('KH370-SW'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'KV1050', mpn('KV 1050'), { first: true }),
  // A model number only in the title and attributes.model (the MPN carries a colour code).
  query('code', 'wk 1500', model('WK-1500'), { first: true }),
  query('code', 'ART-101403', productIs('ART-101403'), { first: true, interpretation: { match: 'code' } }),

  // In the catalog's second language, about the products written in it.
  query('bilingual', 'leather belt', title('leather belt'), { language: 'en' }),
  query('bilingual', 'waterproof rain jacket', all(title('rain jacket'), tag('waterproof')), { language: 'en' }),
  query('bilingual', 'electric kettle', title('electric kettle'), { language: 'en' }),

  negative('staubsauger'),
  negative('mundharmonika'),
];
