import { describeIssues, getProductRequestSchema, lookupRequestSchema, searchRequestSchema } from './ucp-requests';

function problem(result: { success: boolean; error?: Parameters<typeof describeIssues>[0] }): string {
  expect(result.success).toBe(false);
  return describeIssues(result.error!);
}

describe('UCP request schemas', () => {
  it('accepts the search request of the UCP MCP binding example (context fields we ignore pass through)', () => {
    const parsed = searchRequestSchema.safeParse({
      query: 'blue running shoes',
      context: { address_country: 'US', address_region: 'CA', intent: 'comfortable everyday shoes', currency: 'USD' },
      filters: { categories: ['Footwear'], price: { max: 15000 } },
      pagination: { limit: 20 },
    });
    expect(parsed.success).toBe(true);
  });

  it('needs a query or a filter, and a currency with a price filter', () => {
    expect(problem(searchRequestSchema.safeParse({}))).toBe('a search needs a query or at least one filter');
    expect(problem(searchRequestSchema.safeParse({ filters: {} }))).toBe('a search needs a query or at least one filter');
    expect(problem(searchRequestSchema.safeParse({ filters: { price: { min: 1 } } }))).toMatch(
      /^context\.currency: filters\.price needs context\.currency/,
    );
    expect(problem(searchRequestSchema.safeParse({ query: 'x', context: { currency: 'usd' } }))).toMatch(
      /^context\.currency: must be an ISO 4217/,
    );
  });

  it('refuses filters it would not apply, and amounts that are not minor units', () => {
    expect(problem(searchRequestSchema.safeParse({ filters: { colour: 'red' } }))).toMatch(/colour/);
    expect(problem(searchRequestSchema.safeParse({ filters: { price: { max: 9.99 } }, context: { currency: 'USD' } }))).toMatch(
      /^filters\.price\.max:/,
    );
    expect(problem(searchRequestSchema.safeParse({ filters: { availability: ['sold'] } }))).toMatch(/^filters\.availability\.0:/);
  });

  it('bounds lookups to 1-100 ids and needs an id for get_product', () => {
    expect(lookupRequestSchema.safeParse({ ids: ['a'] }).success).toBe(true);
    expect(problem(lookupRequestSchema.safeParse({ ids: [] }))).toMatch(/^ids:/);
    expect(problem(lookupRequestSchema.safeParse({ ids: Array.from({ length: 101 }, String) }))).toMatch(/^ids:/);
    expect(problem(getProductRequestSchema.safeParse({ selected: [] }))).toMatch(/^id:/);
  });
});
