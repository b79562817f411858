import { fitPage, importErrorDto, MAX_ERRORS_PAGE_BYTES } from './errors-page';

describe('importErrorDto', () => {
  it('passes capped rows through unchanged', () => {
    const errors = [{ field: 'id', message: 'is required' }];
    expect(importErrorDto({ index: 3, productId: null, errors, errorCount: 1 })).toEqual({ index: 3, product_id: null, errors });
  });

  it('re-caps a row stored before the caps: 20 errors plus the count of the rest, fields bounded', () => {
    const errors = Array.from({ length: 21 }, (_, i) => ({ field: `tags[${i}]${'x'.repeat(i === 0 ? 10_000 : 0)}`, message: 'bad' }));
    const dto = importErrorDto({ index: 0, productId: 'p', errors, errorCount: 131_000 });
    expect(dto.errors).toHaveLength(21);
    expect(dto.errors[0].field).toHaveLength(256);
    expect(dto.errors[20]).toEqual({ field: '', message: '… and 130,980 more errors' });
  });
});

describe('fitPage', () => {
  it('takes up to the limit and says whether more rows follow', () => {
    expect(fitPage([1, 2, 3], 2)).toEqual({ items: [1, 2], more: true });
    expect(fitPage([1, 2], 2)).toEqual({ items: [1, 2], more: false });
  });

  it('stops once the rows reach the byte budget, keeping at least one row', () => {
    const row = 'x'.repeat(400_000);
    expect(fitPage([row, row, row, row], 100)).toEqual({ items: [row, row, row], more: true });
    expect(fitPage(['y'.repeat(2 * MAX_ERRORS_PAGE_BYTES), row], 100).items).toHaveLength(1);
  });
});
