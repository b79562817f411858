import { all, attrIs, availability, brand, gtin, mentions, model, mpn, not, price, productIs, tag, title } from './judge';
import { negative, query, type RelevanceQuery } from './relevance-query';

const EUR = 'EUR';

/**
 * Questions over the French shop (catalogs/french-catalog.ts), asked in French: accents typed or
 * not, plurals and feminine forms, elisions, French constraint words (`moins de`, `en stock`,
 * `le moins cher`, `sans`, `taille`, `pointure`); a few in German or English about the products
 * written in those languages.
 */
export const FRENCH_QUERIES: readonly RelevanceQuery[] = [
  // Exact keywords.
  query('exact', 'bouilloire électrique', title('bouilloire electrique')),
  query('exact', 'sèche-cheveux', title('seche cheveux')),
  query('exact', 'Maison Lavande', brand('Maison Lavande')),
  query('exact', 'couette', title('couette')),
  query('exact', 'parapluie pliant', title('parapluie pliant')),

  // Natural sentences.
  query('natural', 'je cherche une théière en fonte', title('theiere en fonte')),
  query('natural', 'avez-vous des écharpes en cachemire', all(title('echarpe'), attrIs('material', 'cachemire'))),
  query('natural', 'il me faut une poêle pour une plaque à induction', all(title('poele'), tag('induction'))),
  query('natural', 'je voudrais offrir une bougie à la vanille', all(title('bougie'), attrIs('parfum', 'vanille'))),
  query('natural', 'quelles chaussures de randonnée imperméables proposez-vous', all(title('chaussures de randonnee'), tag('impermeable'))),

  // Typos: one edit in a word of five letters or more.
  query('typo', 'bouiloire', title('bouilloire')),
  query('typo', 'casserolle', title('casserole')),
  query('typo', 'parapuie', title('parapluie')),
  query('typo', 'confitture', title('confiture')),
  query('typo', 'ceinure en cuir', title('ceinture en cuir')),

  // Prefixes.
  query('prefix', 'cafetière à pis', title('cafetiere a piston')),
  query('prefix', 'bougie parf', title('bougie parfumee')),

  // Inflection: plurals, feminine and plural adjectives, singular for the catalog's plural.
  query('inflection', 'théières', title('theiere')),
  query('inflection', 'casseroles en cuivre', all(title('casserole'), attrIs('material', 'cuivre'))),
  query('inflection', 'écharpes grises', all(title('echarpe'), attrIs('color', 'gris'))),
  query('inflection', 'bouilloires électriques', title('bouilloire electrique')),
  query('inflection', 'chaussure de randonnée', title('chaussures de randonnee')),
  query('inflection', 'sacs à main en cuir', all(title('sac a main'), attrIs('material', 'cuir'))),
  query('inflection', 'vélos enfants', title('velo enfant')),

  // Hyphenated words written apart.
  query('compound', 'parapluie anti tempête', all(title('parapluie'), tag('anti tempete'))),
  query('compound', 'tasse lave vaisselle', all(title('tasse'), tag('lave vaisselle'))),

  // Accents typed without them.
  query('accent', 'theiere', title('theiere')),
  query('accent', 'creme hydratante', title('creme hydratante')),
  query('accent', 'seche cheveux', title('seche cheveux')),
  query('accent', 'poele en fonte', title('poele en fonte')),
  query('accent', 'bougie creme brulee', all(title('bougie'), attrIs('parfum', 'creme brulee'))),
  query('accent', 'eclat paris', brand('Éclat Paris')),

  // Folding: ligatures written out, capitals without accents, `et` for `&`.
  query('folding', 'soeurs moreau', brand('Sœurs Moreau')),
  query('folding', 'CAFETIERE A PISTON', title('cafetiere a piston')),
  query('folding', 'cuisine et coeur', brand('Cuisine & Cœur')),

  // Elision: the catalog writes a typographic apostrophe.
  query('apostrophe', "huile d'olive", title('huile dolive')),
  query('apostrophe', "bougie fleur d'oranger", all(title('bougie'), attrIs('parfum', 'fleur doranger'))),

  // Units written on the number, with a decimal comma.
  query('unit', "huile d'olive 75cl", all(title('huile dolive'), attrIs('contenance', '75 cl'))),
  query('unit', 'bouilloire 1,7l', all(title('bouilloire'), attrIs('contenance', '1,7 l'))),
  query('unit', 'couette 220x240', all(title('couette'), attrIs('dimensions', '220 x 240 cm'))),

  // Attributes.
  query('attribute', 'écharpe en laine', all(title('echarpe'), attrIs('material', 'laine'))),
  query('attribute', 'parure de lit lin lavé', all(title('parure de lit'), attrIs('material', 'lin lave'))),
  query('attribute', 'confiture abricot', all(title('confiture'), attrIs('fruit', 'abricot'))),

  // Constraints in French: price phrases, availability, sizes, negation, "sans X" as a property.
  query('constraint', 'bouilloire électrique moins de 50 €', all(title('bouilloire electrique'), price(EUR, { max: 50 })), {
    interpretation: { inferred: { price_max: { amount: 50, currency: EUR } } },
  }),
  query('constraint', 'sèche-cheveux en stock', all(title('seche cheveux'), availability('in_stock')), {
    interpretation: { words: { 'en stock': 'filter' }, inferred: { availability: ['in_stock'] } },
  }),
  query('constraint', 'couette entre 100 et 200 euros', all(title('couette'), price(EUR, { min: 100, max: 200 })), {
    interpretation: { inferred: { price_min: { amount: 100, currency: EUR }, price_max: { amount: 200, currency: EUR } } },
  }),
  query('constraint', 'théière plus de 60 €', all(title('theiere'), price(EUR, { min: 60 })), {
    interpretation: { inferred: { price_min: { amount: 60, currency: EUR } } },
  }),
  query('constraint', 'écharpe sans laine', all(title('echarpe'), not(mentions('laine'))), {
    interpretation: { words: { laine: 'excluded' } },
  }),
  // "sans parfum" is what the product says of itself (as "fragrance free"), not a word to exclude.
  query('constraint', 'crème hydratante sans parfum', all(title('creme hydratante'), tag('sans parfum'))),
  query('constraint', 'veste imperméable taille M', all(title('veste impermeable'), attrIs('size', 'M'))),
  query('constraint', 'chaussures de randonnée pointure 42', all(title('chaussures de randonnee'), attrIs('size', '42'))),
  query('constraint', 'ballon de football taille 5', all(title('ballon de football'), attrIs('size', '5'))),

  // Sort asked in words.
  query('sort', 'théière la moins chère', title('theiere'), { order: 'price_asc', interpretation: { inferred: { sort: 'price_asc' } } }),
  query('sort', 'le sèche-cheveux le moins cher', title('seche cheveux'), {
    order: 'price_asc',
    interpretation: { inferred: { sort: 'price_asc' } },
  }),

  // Codes: GTIN-13 as stored and for a stored GTIN-14, MPN, model numbers, product reference.
  query('code', '3243981559526', gtin('3243981559526'), { first: true, interpretation: { match: 'code' } }),
  query('code', '3539501062158', gtin('03539501062158'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'be2700-cr', mpn('BE2700-CR'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'sc 2500', mpn('SC-2500'), { first: true }),
  // A model number only in the title and attributes.model (the MPN carries a colour code).
  query('code', 'be1800', model('BE-1800'), { first: true }),
  query('code', 'REF-200612', productIs('REF-200612'), { first: true, interpretation: { match: 'code' } }),

  // In the catalog's second languages, about the products written in them.
  query('bilingual', 'teekanne gusseisen', title('teekanne aus gusseisen'), { language: 'de' }),
  query('bilingual', 'wasserkocher', title('wasserkocher'), { language: 'de' }),
  query('bilingual', 'hair dryer', title('hair dryer'), { language: 'en' }),
  query('bilingual', 'wool scarf', title('wool scarf'), { language: 'en' }),

  negative('tondeuse'),
  negative('accordéon'),
];
