import type { CatalogProduct, RelevanceCatalog } from './catalogs/catalog-product';
import { gtinCheckDigit } from './catalogs/gtin';
import { interpretationProblems } from './interpretation-check';
import { matchProblems } from './match-check';
import { collapseProblems, judgementOf, orderProblem } from './judgement';
import { availability, gtin, model, mpn, not, price, productIs, title } from './queries/judge';
import { catalogVocabulary, queryProblem } from './queries/query-checks';
import { query } from './queries/relevance-query';

const product = (id: string, fields: Partial<CatalogProduct> = {}): CatalogProduct => ({ id, title: `Stand Mixer ${id}`, ...fields });
const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('judges of the kinds of issue 31', () => {
  it('compares GTINs whatever their zero padding, codes whatever their hyphens, spaces and case', () => {
    const p = product('HW-1', { gtin: '00614141000036', mpn: 'KM650-PIS', attributes: { model: 'KM-650' } });
    expect(gtin('614141000036').matches(p)).toBe(true);
    expect(gtin('0614141000036').matches(p)).toBe(true);
    expect(gtin('614141000037').matches(p)).toBe(false);
    expect(mpn('km650 pis').matches(p)).toBe(true);
    expect(model('km650').matches(p)).toBe(true);
    expect(model('KM 650').matches(p)).toBe(true);
    expect(model('KM-65').matches(p)).toBe(false);
    expect(productIs('HW-1').matches(p)).toBe(true);
    expect(productIs('hw-1').matches(p)).toBe(false);
  });

  it('judges price by what a buyer pays in the named currency, bounds included', () => {
    const onSale = product('1', { price: usd(120), sale_price: usd(90) });
    expect(price('USD', { max: 90 }).matches(onSale)).toBe(true);
    expect(price('USD', { max: 89.99 }).matches(onSale)).toBe(false);
    expect(price('EUR', { max: 1000 }).matches(onSale)).toBe(false);
    expect(price('USD', { min: 100 }).matches(onSale)).toBe(false);
    expect(price('USD', {}).matches(product('2'))).toBe(false); // no price
    expect(availability('in_stock').matches(product('3', { availability: 'backorder' }))).toBe(false);
    expect(not(title('mixer')).matches(product('4'))).toBe(false);
  });

  it('computes the GS1 check digit', () => {
    expect(gtinCheckDigit('61414100003')).toBe('6');
    expect(gtinCheckDigit('400638133393')).toBe('1');
  });
});

describe('relevant sets of variant and sort questions', () => {
  const a1 = product('A1', { group_id: 'A', price: usd(30) });
  const a2 = product('A2', { group_id: 'A', price: usd(10), sale_price: usd(5) });
  const b = product('B', { price: usd(20) });
  const eur = product('C', { price: { amount: 1, currency: 'EUR' } });
  const fresh = product('D', { price: usd(99) });
  const catalog: RelevanceCatalog = {
    name: 't',
    products: [a1, a2, b, eur, fresh],
    synonyms: [],
    mainCurrency: 'USD',
    imports: [[a1, a2, b, eur], [fresh]],
  };

  it('counts a variant question per group', () => {
    const judgement = judgementOf(catalog, query('variant', 'stand mixer', title('stand mixer'), { collapse: true }));
    expect(judgement.relevantInCatalog).toBe(4); // A, B, C, D
    expect(judgement.unitOf(a1)).toBe(judgement.unitOf(a2));
  });

  it('takes the cheapest in the main currency by buyer price, and the newest upload', () => {
    const cheapest = judgementOf(catalog, query('sort', 'cheapest stand mixer', title('stand mixer'), { order: 'price_asc' }));
    expect([a1, a2, b, eur, fresh].filter((p) => cheapest.isRelevant(p))).toEqual([a1, a2, b, fresh]); // fewer than 10: all in USD
    const newest = judgementOf(catalog, query('sort', 'newest stand mixer', title('stand mixer'), { order: 'newest' }));
    expect([a1, a2, b, eur, fresh].filter((p) => newest.isRelevant(p))).toEqual([fresh]);
  });

  it('finds a page out of price order, or a main-currency product after a foreign one', () => {
    expect(orderProblem([a2, b, a1], 'price_asc', 'USD')).toBeNull(); // 5 (sale), 20, 30
    expect(orderProblem([b, a2], 'price_asc', 'USD')).toMatch(/A2 at 5 after one at 20/);
    expect(orderProblem([b, eur, a1], 'price_asc', 'USD')).toMatch(/after a product in another currency/);
    const at = (id: string, created_at: string, updated_at: string) => ({ id, created_at, updated_at });
    expect(orderProblem([at('1', '2026-02', '2026-01'), at('2', '2026-01', '2026-03')], 'newest', 'USD')).toBeNull(); // created_at descends
    expect(orderProblem([at('1', '2026-01', '2026-01'), at('2', '2026-02', '2026-02')], 'newest', 'USD')).toMatch(/neither/);
  });

  it('finds a group twice on a collapsed page and an implausible sibling_count', () => {
    expect(
      collapseProblems(
        [
          { id: 'A1', sibling_count: 1 },
          { id: 'B', sibling_count: 0 },
        ],
        catalog,
      ),
    ).toEqual([]);
    expect(
      collapseProblems(
        [
          { id: 'A1', sibling_count: 1 },
          { id: 'A2', sibling_count: 1 },
        ],
        catalog,
      ),
    ).toEqual(['A2: group:A twice on the page']);
    expect(collapseProblems([{ id: 'A1', sibling_count: 2 }], catalog)).toEqual(['A1: sibling_count 2, expected 0 to 1']);
    expect(collapseProblems([{ id: 'B' }], catalog)).toEqual(['B: sibling_count undefined, expected 0 to 0']);
  });
});

describe('interpretation check', () => {
  const reading = {
    match: 'partial',
    words: [
      { word: 'on ear', status: 'matched' },
      { word: 'in', status: 'filter' },
      { word: 'stock', status: 'filter' },
      { word: 'torch', status: 'expanded', via: 'everyday', to: ['flashlights'] },
      { word: '47', status: 'not_found' },
    ],
    inferred: { price_max: { amount: 50, currency: 'USD' }, availability: ['in_stock'] },
  };

  it('accepts what the question names, however the service groups the words', () => {
    expect(
      interpretationProblems(
        {
          match: 'partial',
          words: {
            on: 'matched',
            'in stock': 'filter',
            torch: { status: 'expanded', via: 'everyday', to: ['flashlight'] },
            '47': ['not_found', 'ignored'],
          },
          inferred: { price_max: { amount: 50, currency: 'USD' }, availability: ['in_stock'] },
        },
        reading,
      ),
    ).toEqual([]);
  });

  it('says what differs', () => {
    expect(
      interpretationProblems(
        {
          match: 'all_words',
          words: { torch: { status: 'expanded', via: 'synonym', to: ['lamp'] }, under: 'filter', '47': 'matched' },
          inferred: { price_max: { amount: 50, currency: 'EUR' }, sort: 'price_asc' },
        },
        reading,
      ),
    ).toEqual([
      'match "partial", expected "all_words"',
      '"47" not_found, expected matched', // integer-like keys come first in an object
      '"torch" not to "lamp" (to ["flashlights"])',
      '"torch" via "everyday", expected synonym',
      '"under" not reported',
      'inferred.price_max {"amount":50,"currency":"USD"}, expected {"amount":50,"currency":"EUR"}',
      'inferred.sort undefined, expected "price_asc"',
    ]);
    expect(interpretationProblems({ match: 'code' }, undefined)).toEqual(['no interpretation in the answer']);
  });
});

describe('match check', () => {
  const interpretation = {
    match: 'partial',
    words: [
      { word: 'pixel', status: 'matched' },
      { word: 'phone', status: 'matched' },
      { word: '256gb', status: 'not_found' },
      { word: 'cheapest', status: 'sort' },
    ],
  };
  const match = (words: Record<string, string>, missing: string[], extra: Record<string, unknown> = {}) => ({
    all_words: missing.length === 0,
    missing,
    words,
    score: 2,
    ...extra,
  });

  it('accepts a product that names every searched word once, as the interpretation does', () => {
    expect(matchProblems([{ id: 'a', _match: match({ pixel: 'title', phone: 'title' }, ['256gb']) }], interpretation)).toEqual([]);
  });

  it('says what disagrees', () => {
    expect(
      matchProblems(
        [
          { id: 'a', _match: { ...match({ pixel: 'title', photo: 'title' }, []), all_words: true } },
          { id: 'b', _match: { ...match({ pixel: 'shelf' }, ['phone', 'pixel', '256gb']), all_words: true, score: 'high' } },
          { id: 'c' },
        ],
        interpretation,
      ),
    ).toEqual([
      'a: "photo" is no word of the interpretation',
      'a: "phone" neither matched nor missing',
      'a: "256gb" neither matched nor missing',
      'a: all_words though 256gb not_found',
      'b: "pixel" both matched and missing',
      'b: all_words true with missing ["phone","pixel","256gb"]',
      'b: all_words though 256gb not_found',
      'b: "pixel" in shelf',
      'b: score "high"',
      'c: no _match',
    ]);
  });
});

describe('query checks of the kinds of issue 31', () => {
  const vocabulary = catalogVocabulary([product('1', { title: 'LED Flashlight', attributes: { color: 'gray' } })]);

  it('refuses questions that do not test their kind', () => {
    expect(queryProblem(query('everyday', 'torch', title('flashlight')), vocabulary, 1)).toBeNull();
    expect(queryProblem(query('everyday', 'flashlight', title('flashlight')), vocabulary, 1)).toMatch(/nothing for an everyday word/);
    expect(queryProblem(query('everyday', 'torch', title('flashlight')), vocabulary, 1, new Set(['torch']))).toMatch(
      /configured as synonyms/,
    );
    expect(
      queryProblem(
        query('constraint', 'gray flashlight', title('flashlight'), { interpretation: { words: { gray: 'not_found' } } }),
        vocabulary,
        1,
      ),
    ).toMatch(/catalog has it/);
    expect(
      queryProblem(
        query('constraint', 'flashlight', title('flashlight'), { interpretation: { words: { torch: 'matched' } } }),
        vocabulary,
        1,
      ),
    ).toMatch(/not a word of the query/);
    expect(queryProblem(query('variant', 'flashlight', title('flashlight')), vocabulary, 1)).toMatch(/without collapse/);
    expect(queryProblem(query('sort', 'cheapest flashlight', title('flashlight')), vocabulary, 1)).toMatch(/without an order/);
    expect(queryProblem(query('code', 'HW-1', productIs('HW-1')), vocabulary, 1)).toMatch(/first/);
    expect(queryProblem(query('code', 'HW-1', productIs('HW-1'), { first: true }), vocabulary, 11)).toMatch(/11 products/);
  });
});
