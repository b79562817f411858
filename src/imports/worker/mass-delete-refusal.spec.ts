import { massDeleteRefusal, maxDeletable } from './mass-delete-refusal';

const guard = (catalogSize: number, absent: number, maxRatio = 0.5, allowMassDelete = false) =>
  massDeleteRefusal({ catalogSize, absent, maxRatio, allowMassDelete });

describe('mass-delete guard', () => {
  it('allows deleting exactly the ratio of the catalog and refuses one product more', () => {
    expect(guard(10, 5)).toBeNull();
    expect(guard(10, 6)).toMatch(/^Replace would delete 6 of 10 products \(60\.0 %\), more than REPLACE_MAX_DELETE_RATIO 0\.5 allows \(5\)/);
    expect(guard(11, 5)).toBeNull();
    expect(guard(11, 6)).not.toBeNull();
  });

  it('keeps a count exactly at the bound allowed when the float product rounds below it', () => {
    expect(maxDeletable(10, 0.7)).toBe(7);
    expect(maxDeletable(100, 0.29)).toBe(29); // 0.29 × 100 = 28.999999999999996
    expect(guard(100, 29, 0.29)).toBeNull();
    expect(guard(100, 30, 0.29)).not.toBeNull();
  });

  it('never refuses when nothing would be deleted, an empty catalog included', () => {
    expect(guard(0, 0)).toBeNull();
    expect(guard(1_500_000, 0, 0)).toBeNull();
  });

  it('refuses an empty feed against any catalog the ratio does not cover whole', () => {
    expect(guard(1, 1)).not.toBeNull();
    expect(guard(1, 1, 1)).toBeNull();
    expect(guard(3, 3, 0.99)).not.toBeNull();
  });

  it('with ratio 0 refuses any deletion', () => {
    expect(guard(1_000, 1, 0)).toMatch(/delete 1 of 1,000 products \(0\.1 %\)/);
  });

  it('lets allow_mass_delete=true through whatever the numbers', () => {
    expect(guard(10, 10, 0.5, true)).toBeNull();
    expect(guard(1_500_000, 1_500_000, 0, true)).toBeNull();
  });
});
