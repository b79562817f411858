import {
  all,
  attr,
  attrIs,
  availability,
  brand,
  category,
  gtin,
  model,
  mentions,
  mpn,
  not,
  price,
  productIs,
  some,
  tag,
  title,
} from './judge';
import { negative, query, type RelevanceQuery } from './relevance-query';

const USD = 'USD';

/**
 * Questions over the household store (catalogs/household-catalog.ts), asked as an agent would:
 * with the shopper's constraints, codes read off a box, British words for an American catalog.
 */
export const HOUSEHOLD_QUERIES: readonly RelevanceQuery[] = [
  // Exact keywords.
  query('exact', 'stand mixer', title('stand mixer')),
  query('exact', 'duffel bag', title('duffel bag')),
  query('exact', 'convertible crib', title('convertible crib')),
  query('exact', 'Hushwood', brand('Hushwood')),
  query('exact', 'baby wipes', category('baby wipes')),
  query('exact', 'robot vacuum', title('robot vacuum')),

  // Constraints: price phrases, availability, size words, on/over, can, negation, "X free".
  query('constraint', 'stand mixer under $250', all(title('stand mixer'), price(USD, { max: 250 })), {
    interpretation: { words: { under: 'filter' }, inferred: { price_max: { amount: 250, currency: USD } } },
  }),
  query('constraint', 'duffel bag under 60 dollars', all(title('duffel bag'), price(USD, { max: 60 })), {
    interpretation: { words: { under: 'filter', '60': 'filter' }, inferred: { price_max: { amount: 60, currency: USD } } },
  }),
  query('constraint', 'sofa between 500 and 800', all(title('sofa'), price(USD, { min: 500, max: 800 })), {
    interpretation: {
      words: { between: 'filter', '500': 'filter', '800': 'filter' },
      inferred: { price_min: { amount: 500, currency: USD }, price_max: { amount: 800, currency: USD } },
    },
  }),
  query('constraint', 'robot vacuum over 600', all(title('robot vacuum'), price(USD, { min: 600 })), {
    interpretation: { words: { over: 'filter', '600': 'filter' }, inferred: { price_min: { amount: 600, currency: USD } } },
  }),
  query('constraint', 'in stock jogging stroller', all(title('jogging stroller'), availability('in_stock')), {
    interpretation: { words: { 'in stock': 'filter' }, inferred: { availability: ['in_stock'] } },
  }),
  query('constraint', 'on ear headphones', title('on ear headphones'), { interpretation: { words: { on: 'matched' } } }),
  query('constraint', 'over-ear headphones', title('over ear headphones')),
  query('constraint', 'watering can', title('watering can'), { interpretation: { match: 'all_words', words: { can: 'matched' } } }),
  query('constraint', 'baby sleep sack size s', all(title('sleep sack'), attrIs('size', 'S')), {
    interpretation: { words: { s: 'matched' } },
  }),
  query('constraint', 'sleep sack size xxl', title('sleep sack'), { interpretation: { match: 'partial', words: { xxl: 'not_found' } } }),
  query('constraint', 'fragrance free baby wipes', title('fragrance free baby wipes'), { interpretation: { match: 'all_words' } }),
  query('constraint', 'latex free pacifier', title('pacifier'), { interpretation: { match: 'partial', words: { latex: 'not_found' } } }),
  query('constraint', 'sofa not leather', all(title('sofa'), not(mentions('leather'))), {
    interpretation: { words: { leather: 'excluded' } },
  }),

  // Codes: GTIN in another zero padding than stored, MPN, product id, model numbers across hyphen/space/case.
  query('code', '0656241175238', gtin('656241175238'), {
    first: true,
    interpretation: { match: 'code', words: { '0656241175238': 'code' } },
  }),
  query('code', '275374860837', gtin('00275374860837'), {
    first: true,
    interpretation: { match: 'code', words: { '275374860837': 'code' } },
  }),
  query('code', '00604379918852', gtin('0604379918852'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'km650-pis', mpn('KM650-PIS'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'HW-10046', productIs('HW-10046'), { first: true, interpretation: { match: 'code', words: { 'hw-10046': 'code' } } }),
  // A model number only in the title and attributes.model (the MPN is KM650-PIS): found, first, and read.
  query('code', 'KM650', model('KM-650'), { first: true, interpretation: { words: { km650: ['code', 'matched', 'corrected'] } } }),
  query('code', 'km 650', model('KM-650'), { first: true }),
  // A model number that is also the MPN (robot vacuums, flashlights, ceiling fans): a code, whatever the hyphen, space or case.
  query('code', 'rv-2100', mpn('RV2100'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'RV 2300 robot vacuum', mpn('RV2300'), { first: true }),
  query('code', 'fl300', mpn('FL-300'), { first: true, interpretation: { match: 'code' } }),
  query('code', 'Cf-60', mpn('CF-60'), { first: true, interpretation: { match: 'code' } }),

  // Variants: one entry per group_id (collapse_variants=true); distinct groups in the top 10 measured.
  query('variant', 'disposable diapers', title('disposable diapers'), { collapse: true }),
  query('variant', 'baby sleep sack', title('sleep sack'), { collapse: true }),
  query('variant', 'gray sofa', all(title('sofa'), attr('color', 'gray')), { collapse: true }),
  query('variant', 'Maple Row over-ear headphones', all(brand('Maple Row'), title('over ear headphones')), { collapse: true }),
  query('variant', 'orthodontic pacifier', title('orthodontic pacifier'), { collapse: true }),

  // Sort asked in words: judged by the order over the products' own prices and upload times.
  query('sort', 'cheapest stand mixer', title('stand mixer'), {
    order: 'price_asc',
    interpretation: { words: { cheapest: 'sort' }, inferred: { sort: 'price_asc' } },
  }),
  query('sort', 'lowest price jogging stroller', title('jogging stroller'), {
    order: 'price_asc',
    interpretation: { words: { 'lowest price': 'sort' }, inferred: { sort: 'price_asc' } },
  }),
  query('sort', 'cheapest fragrance free baby wipes', title('fragrance free baby wipes'), {
    order: 'price_asc',
    interpretation: { inferred: { sort: 'price_asc' } },
  }),
  query('sort', 'newest sofa', title('sofa'), {
    order: 'newest',
    interpretation: { words: { newest: 'sort' }, inferred: { sort: 'newest' } },
  }),
  query('sort', 'newest robot vacuum', title('robot vacuum'), { order: 'newest', interpretation: { inferred: { sort: 'newest' } } }),

  // Everyday words: the catalog says flashlight, diaper, sofa, duffel bag, stroller, crib, trash
  // can, washcloth, gray, aluminum; the shopper says otherwise. No synonyms are configured for these.
  query('everyday', 'torch', title('flashlight'), {
    interpretation: { words: { torch: { status: 'expanded', via: 'everyday', to: ['flashlight'] } } },
  }),
  query('everyday', 'rechargeable torch', all(title('flashlight'), tag('rechargeable'))),
  query('everyday', 'nappies size 4', all(title('diapers'), attrIs('size', '4')), {
    interpretation: { words: { nappies: { status: 'expanded', via: 'everyday', to: ['diaper'] } } },
  }),
  query('everyday', 'settee', title('sofa'), { interpretation: { words: { settee: { status: 'expanded', via: 'everyday' } } } }),
  query('everyday', 'holdall', some(title('duffel bag'), title('tote bag')), {
    interpretation: { words: { holdall: { status: 'expanded', via: 'everyday' } } },
  }),
  query('everyday', 'pushchair', title('stroller'), {
    interpretation: { words: { pushchair: { status: 'expanded', via: 'everyday', to: ['stroller'] } } },
  }),
  query('everyday', 'cot', title('crib'), { interpretation: { words: { cot: { status: 'expanded', via: 'everyday', to: ['crib'] } } } }),
  query('everyday', 'dustbin', title('trash can')),
  query('everyday', 'baby flannels', title('washcloths')),
  query('everyday', 'grey sofa', all(title('sofa'), attr('color', 'gray')), {
    interpretation: { words: { grey: { status: 'expanded', to: ['gray'] } } },
  }),
  query('everyday', 'aluminium torch', all(title('flashlight'), attr('material', 'aluminum'))),

  negative('zeppelin'),
  negative('harpsichord'),
];
