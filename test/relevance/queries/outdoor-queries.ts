import { all, attr, attrIs, availability, brand, category, mentions, not, price, productIs, tag, title } from './judge';
import { negative, query, type RelevanceQuery } from './relevance-query';

/** Questions over the outdoor / hardware / grocery catalog, each judged by a predicate. */
export const OUTDOOR_QUERIES: readonly RelevanceQuery[] = [
  // Exact keywords.
  query('exact', 'hiking backpack', title('hiking backpack')),
  query('exact', 'cordless drill', title('cordless drill')),
  query('exact', 'peanut butter', title('peanut butter')),
  query('exact', 'Forgewell', brand('Forgewell')),
  query('exact', 'sleeping bags', category('sleeping bags')),
  query('exact', 'Trailcraft headlamp', all(brand('Trailcraft'), title('headlamp'))),
  query('exact', 'camping stove', title('camping stove')),
  query('exact', 'olive oil', title('olive oil')),

  // Natural-language questions with filler words.
  query('natural', 'I am looking for a warm hat for the winter', title('beanie')),
  query('natural', 'do you have a drill with two batteries', all(title('drill'), tag('two batteries'))),
  query('natural', 'show me some trail running shoes please', title('trail running shoe')),
  query('natural', 'what can I use to charge my phone while camping', title('power bank')),
  query('natural', 'I need socks for a long hike', title('hiking socks')),
  query('natural', 'which sleeping bags use goose down', all(title('sleeping bag'), attr('material', 'goose down'))),
  query('natural', 'could you recommend a lightweight camping chair', title('camp chair')),

  // One typo.
  query('typo', 'headlamb', title('headlamp')),
  query('typo', 'screwdiver set', title('screwdriver')),
  query('typo', 'sleepng bag', title('sleeping bag')),
  query('typo', 'softshel jacket', title('softshell jacket')),
  query('typo', 'espreso beans', title('espresso beans')),
  query('typo', 'granolla', title('granola')),

  // Search as you type.
  query('prefix', 'softshell jac', title('softshell jacket')),
  query('prefix', 'peanut but', title('peanut butter')),
  query('prefix', 'cordless dri', title('cordless drill')),
  query('prefix', 'down sleepi', title('down sleeping bag')),
  query('prefix', 'folding camp cha', title('folding camp chair')),

  // Accents.
  query('accent', 'creme brulee granola', title('creme brulee granola')),
  query('accent', 'bergfuhrer', brand('Bergführer')),
  query('accent', 'cote sauvage softshell', all(brand('Côte Sauvage'), title('softshell'))),
  query('accent', 'ardal headlamp', all(brand('Årdal'), title('headlamp'))),
  query('accent', 'senor tomate olive oil', all(brand('Señor Tomate'), title('olive oil'))),
  query('accent', 'rose beanie', all(title('beanie'), attrIs('color', 'rose'))),

  // Apostrophes.
  query('apostrophe', 'margies kitchen peanut butter', all(brand('Margie’s Kitchen'), title('peanut butter'))),
  query('apostrophe', "margie's granola", all(brand('Margie’s Kitchen'), title('granola'))),
  query('apostrophe', 'obrien outfitters', brand("O'Brien Outfitters")),
  query('apostrophe', 'dales hardware multi-tool', all(brand('Dale’s Hardware'), title('multi tool'))),

  // Compounds and hyphens.
  query('compound', 'usb c power bank', title('usb c power bank')),
  query('compound', 'non slip gloves', title('non slip work gloves')),
  query('compound', 'nonslip socks', title('non slip hiking socks')),
  query('compound', '2 in 1 screwdriver', title('2 in 1 screwdriver')),
  query('compound', 'multitool', title('multi tool')),
  query('compound', 'heavy duty backpack', all(title('heavy duty'), title('backpack'))),

  // Numbers with units written together.
  query('unit', '750ml olive oil', all(title('olive oil'), title('750 ml'))),
  query('unit', '28l backpack', all(title('backpack'), title('28 l'))),
  query('unit', '12oz peanut butter', all(title('peanut butter'), title('12 oz'))),
  query('unit', '18v drill', all(title('drill'), title('18 v'))),
  query('unit', '10000mah power bank', all(title('power bank'), title('10000 mah'))),
  query('unit', '500g espresso beans', all(title('espresso beans'), title('500 g'))),

  // Attribute values.
  query('attribute', 'merino socks size L', all(title('socks'), attr('material', 'merino'), attrIs('size', 'L'))),
  query('attribute', 'softshell jacket in olive', all(title('softshell jacket'), attrIs('color', 'olive'))),
  query('attribute', 'trail running shoe size 44', all(title('trail running shoe'), attrIs('size', '44'))),
  query('attribute', 'titanium camping stove', all(title('camping stove'), attr('material', 'titanium'))),
  query('attribute', 'brushless cordless drill', all(title('cordless drill'), attr('motor', 'brushless'))),
  query('attribute', 'arbequina olive oil', all(title('olive oil'), attr('variety', 'arbequina'))),
  query('attribute', 'long sleeping bag', all(title('sleeping bag'), attrIs('size', 'long'))),

  // Synonyms configured for the organization.
  query('synonym', 'rucksack', title('backpack')),
  query('synonym', 'sneakers', title('trail running shoe')),
  query('synonym', 'torch', title('headlamp')),
  query('synonym', 'toque', title('beanie')),
  query('synonym', 'thermos', title('insulated water bottle')),

  // Constraints (issue 31): price phrases in the catalog's main currency (EUR), availability, size words, negation, "X free".
  query('constraint', 'hiking backpack under 100 euros', all(title('hiking backpack'), price('EUR', { max: 100 })), {
    interpretation: { words: { under: 'filter' }, inferred: { price_max: { amount: 100, currency: 'EUR' } } },
  }),
  query('constraint', 'headlamp under €30', all(title('headlamp'), price('EUR', { max: 30 })), {
    interpretation: { inferred: { price_max: { amount: 30, currency: 'EUR' } } },
  }),
  query('constraint', 'sleeping bag between 200 and 300', all(title('sleeping bag'), price('EUR', { min: 200, max: 300 })), {
    interpretation: { inferred: { price_min: { amount: 200, currency: 'EUR' }, price_max: { amount: 300, currency: 'EUR' } } },
  }),
  query('constraint', 'available cordless drill', all(title('cordless drill'), availability('in_stock')), {
    interpretation: { words: { available: 'filter' } },
  }),
  query('constraint', 'trail running shoe size 47', title('trail running shoe'), {
    interpretation: { match: 'partial', words: { '47': 'not_found' } },
  }),
  query('constraint', 'merino socks size m', all(title('socks'), attr('material', 'merino'), attrIs('size', 'M')), {
    interpretation: { words: { m: 'matched' } },
  }),
  query('constraint', 'hiking socks without merino', all(title('hiking socks'), not(mentions('merino'))), {
    interpretation: { words: { merino: 'excluded' } },
  }),
  query('constraint', 'gluten free granola', title('granola'), { interpretation: { match: 'partial', words: { gluten: 'not_found' } } }),
  query('constraint', 'bpa free water bottle', all(title('water bottle'), tag('bpa free'))),

  // Codes: the product id as written and in lower case.
  query('code', 'OUT-000123', productIs('OUT-000123'), { first: true, interpretation: { match: 'code', words: { 'out-000123': 'code' } } }),
  query('code', 'out-003457', productIs('OUT-003457'), { first: true, interpretation: { match: 'code' } }),

  // Variants: one entry per group_id (collapse_variants=true).
  query('variant', 'softshell jacket', title('softshell jacket'), { collapse: true }),
  query('variant', 'trail running shoe', title('trail running shoe'), { collapse: true }),
  query('variant', 'hiking socks', title('hiking socks'), { collapse: true }),

  // Sort asked in words (in EUR).
  query('sort', 'cheapest headlamp', title('headlamp'), { order: 'price_asc', interpretation: { inferred: { sort: 'price_asc' } } }),
  query('sort', 'cheapest espresso beans', title('espresso beans'), {
    order: 'price_asc',
    interpretation: { inferred: { sort: 'price_asc' } },
  }),
  query('sort', 'lowest price hiking backpack', title('hiking backpack'), {
    order: 'price_asc',
    interpretation: { inferred: { sort: 'price_asc' } },
  }),

  // Everyday words and spellings (the catalog writes aluminium and peanut).
  query('everyday', 'groundnut butter', title('peanut butter'), {
    interpretation: { words: { groundnut: { status: 'expanded', via: 'everyday', to: ['peanut'] } } },
  }),
  query('everyday', 'aluminum camp chair', all(title('camp chair'), attr('material', 'aluminium'))),
  query('everyday', 'aluminum headlamp', all(title('headlamp'), attr('material', 'aluminium')), {
    interpretation: { words: { aluminum: { status: ['expanded', 'corrected'], to: ['aluminium'] } } },
  }),

  // Nothing in the catalog.
  negative('zeppelin'),
  negative('harpsichord'),
  negative('submarine periscope'),
  negative('violin strings'),
];
