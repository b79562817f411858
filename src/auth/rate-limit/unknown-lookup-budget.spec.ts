import { UnknownLookupBudget } from './unknown-lookup-budget';

describe('UnknownLookupBudget', () => {
  it('hands out exactly its budget per minute, counted before the lookups are made', () => {
    let now = 0;
    const budget = new UnknownLookupBudget(3, () => now);
    expect([budget.take(), budget.take(), budget.take()]).toEqual([0, 0, 0]);
    expect(budget.take()).toBe(60);
    now = 59_000;
    expect(budget.take()).toBe(1);
    now = 60_000;
    expect(budget.take()).toBe(0);
  });
});
