import fc from 'fast-check';
import { readConstraints } from './query-constraints';

describe('readConstraints', () => {
  it.each([
    ['headphones under 50', { priceMax: { amount: 50 } }, 'headphones'],
    ['headphones below $30', { priceMax: { amount: 30, currency: 'USD' } }, 'headphones'],
    ['lamp less than 19.99 eur', { priceMax: { amount: 19.99, currency: 'EUR' } }, 'lamp'],
    ['boots over £100', { priceMin: { amount: 100, currency: 'GBP' } }, 'boots'],
    ['tent between 40 and 20 usd', { priceMin: { amount: 20, currency: 'USD' }, priceMax: { amount: 40, currency: 'USD' } }, 'tent'],
    ['tent from 20 to 40', { priceMin: { amount: 20 }, priceMax: { amount: 40 } }, 'tent'],
    ['drill 50€ max', {}, 'drill 50€ max'], // a bound needs its word before the amount
    ['cheapest tent in stock', { sort: 'price_asc', availability: ['in_stock'] }, 'tent'],
    ['lowest price kettle', { sort: 'price_asc' }, 'kettle'],
    ['most expensive kettle', { sort: 'price_desc' }, 'kettle'],
    ['newest sneakers available', { sort: 'newest', availability: ['in_stock'] }, 'sneakers'],
    ['50 w lamp', {}, '50 w lamp'], // a number alone is a word
    // German, French, Spanish, Japanese (constraint-words.ts); accents folded, "50 €" written apart.
    ['wasserkocher unter 50 €', { priceMax: { amount: 50, currency: 'EUR' } }, 'wasserkocher'],
    ['kaffeevollautomat über 800 euro', { priceMin: { amount: 800, currency: 'EUR' } }, 'kaffeevollautomat'],
    [
      'bettwäsche zwischen 50 und 100 €',
      { priceMin: { amount: 50, currency: 'EUR' }, priceMax: { amount: 100, currency: 'EUR' } },
      'bettwäsche',
    ],
    ['kopfhörer auf Lager', { availability: ['in_stock'] }, 'kopfhörer'],
    ['günstigste wasserkocher', { sort: 'price_asc' }, 'wasserkocher'],
    ['GUNSTIGSTE wasserkocher', { sort: 'price_asc' }, 'wasserkocher'],
    ['regenschirm am teuersten', { sort: 'price_desc' }, 'regenschirm'],
    ['bouilloire moins de 50 €', { priceMax: { amount: 50, currency: 'EUR' } }, 'bouilloire'],
    [
      'couette entre 100 et 200 euros',
      { priceMin: { amount: 100, currency: 'EUR' }, priceMax: { amount: 200, currency: 'EUR' } },
      'couette',
    ],
    ['théière plus de 60 €', { priceMin: { amount: 60, currency: 'EUR' } }, 'théière'],
    ['théière la moins chère', { sort: 'price_asc' }, 'théière'],
    ['sèche-cheveux en stock', { availability: ['in_stock'] }, 'sèche-cheveux'],
    ['zapatillas menos de 50 €', { priceMax: { amount: 50, currency: 'EUR' } }, 'zapatillas'],
    ['mochila el más barato disponible', { sort: 'price_asc', availability: ['in_stock'] }, 'mochila'],
    ['cafetera de 20 a 40 €', { priceMin: { amount: 20, currency: 'EUR' }, priceMax: { amount: 40, currency: 'EUR' } }, 'cafetera'],
    ['一番安い 電気ケトル', { sort: 'price_asc' }, '電気ケトル'],
    ['plus de cafés', {}, 'plus de cafés'], // a bound word without an amount is a word
  ])('%j', (q, expected, text) => {
    const read = readConstraints(q);
    expect(read).toMatchObject(expected);
    expect(read.text).toBe(text);
  });

  it.each([
    ['on-ear headphones', '"on ear" ear headphones'],
    ['over ear headphones', '"over ear" ear headphones'],
    ['watering can', '"watering can" watering'],
    ['can opener', '"can opener" opener'],
    ['gluten free bread', '"gluten free" gluten bread'],
    ['gluten-free bread', '"gluten free" gluten bread'],
    ['under armour cap', '"under armour" armour cap'],
    ['down sleepi', '"down sleepi" sleepi'],
    ['"quoted on" words', '"quoted on" words'],
  ])('pairs the meaning-bearing words of %j', (q, text) => {
    expect(readConstraints(q).text).toBe(text);
  });

  it.each([
    ['umhängetasche ohne leder', 'ohne', 'leder'],
    ['écharpe sans laine', 'sans', 'laine'],
    ['mochila sin cuero', 'sin', 'cuero'],
  ])('excludes what a German, French or Spanish negation names: %j', (q, negation, word) => {
    const read = readConstraints(q);
    expect(read.negated).toEqual([word]);
    expect(read.words).toEqual([
      { word: negation, status: 'ignored', reason: 'negation' },
      { word, status: 'excluded' },
    ]);
  });

  it('excludes what a negation names and reports it', () => {
    const read = readConstraints('jacket not waterproof without "hood lining"');
    expect(read.negated).toEqual(['waterproof', 'hood lining']);
    expect(read.text).toBe('jacket');
    expect(read.words).toEqual([
      { word: 'not', status: 'ignored', reason: 'negation' },
      { word: 'waterproof', status: 'excluded' },
      { word: 'without', status: 'ignored', reason: 'negation' },
      { word: 'hood lining', status: 'excluded' },
    ]);
  });

  it('leaves a negation before an empty phrase in the text (fast-check found `not "` losing its "not")', () => {
    for (const q of ['not "', 'shoes not ""', 'without " "']) {
      const read = readConstraints(q);
      expect(read.negated).toEqual([]);
      expect(read.words).toEqual([]);
      expect(read.text.split(/\s+/)).toContain(q.split(' ').find((w) => w === 'not' || w === 'without'));
    }
  });

  it('never throws, and every word it consumes is reported', () => {
    const words = fc.constantFrom(
      'under',
      'over',
      '50',
      '$20',
      'between',
      'and',
      'in',
      'stock',
      'cheapest',
      'not',
      'free',
      'can',
      'tent',
      '"a b"',
      'eur',
      '-x',
    );
    fc.assert(
      fc.property(fc.array(words, { maxLength: 12 }), fc.string({ maxLength: 40 }), (list, noise) => {
        const q = `${list.join(' ')} ${noise}`;
        const read = readConstraints(q);
        for (const w of read.words) {
          expect(['filter', 'sort', 'excluded', 'ignored']).toContain(w.status);
          expect(q.toLowerCase()).toContain(w.word);
        }
        // A word is either consumed (reported) or left in the text, never lost.
        const left = read.text.replace(/"/g, ' ').split(/\s+/).filter(Boolean);
        for (const token of list.filter((w) => !w.includes('"'))) {
          const kept = left.includes(token) || read.words.some((w) => w.word === token.toLowerCase().replace(/^[$]/, '$'));
          expect(kept || /^\$?\d/.test(token) || read.words.some((w) => token.includes(w.word))).toBe(true);
        }
      }),
    );
  });
});
