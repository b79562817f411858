import { withIntent } from './intent-criteria';

const eur = () => Promise.resolve('EUR');

describe('withIntent (UCP context.intent)', () => {
  it('reads price, availability and order words of the intent, in any language the constraints read', async () => {
    expect(await withIntent({ q: 'mug' }, 'looking for a gift under $50, in stock please', eur)).toEqual({
      criteria: { q: 'mug', price: { currency: 'USD', max: '50' }, availability: ['in_stock'] },
      context: { price_max: { amount: 50, currency: 'USD' }, availability: ['in_stock'] },
    });
    expect((await withIntent({}, 'ein Geschenk unter 30 €, am günstigsten', eur)).context).toEqual({
      price_max: { amount: 30, currency: 'EUR' },
      sort: 'price_asc',
    });
    // A price without a currency is in the catalog's main one.
    expect((await withIntent({}, 'something under 20', eur)).context).toEqual({ price_max: { amount: 20, currency: 'EUR' } });
  });

  it("never overrides the request's filters nor the query's own words", async () => {
    const explicit = { q: 'mug', price: { currency: 'USD', min: '5' }, sort: 'newest' as const };
    expect(await withIntent(explicit, 'cheapest gift under $50', eur)).toEqual({ criteria: explicit, context: {} });
    const ownWords = await withIntent({ q: 'mug under 10 eur' }, 'a gift under $50, available', eur);
    expect(ownWords).toEqual({ criteria: { q: 'mug under 10 eur', availability: ['in_stock'] }, context: { availability: ['in_stock'] } });
  });

  it('changes nothing without an intent, or with one that names no constraint', async () => {
    expect(await withIntent({ q: 'mug' }, undefined, eur)).toEqual({ criteria: { q: 'mug' } });
    expect(await withIntent({ q: 'mug' }, 'need something durable for outdoor use', eur)).toEqual({ criteria: { q: 'mug' }, context: {} });
  });
});
