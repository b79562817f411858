import { FieldErrorList } from './field-error-list';
import { findUnstorableStrings } from './unstorable-strings';

const unstorable = (element: object, limit?: number) => {
  const errors = new FieldErrorList(limit);
  findUnstorableStrings(element, errors);
  return errors.toArray();
};

const MESSAGE = 'contains a NUL character or an unpaired surrogate, which cannot be stored';

describe('findUnstorableStrings', () => {
  it('finds values and keys at every level, in document order by level', () => {
    const element = { a: 'ok\u0000', b: [{ ['\uD800']: 'x' }, 'fine', '\uDC00'], c: { d: { e: '\u0000' } } };
    expect(unstorable(element)).toEqual([
      { field: 'a', message: MESSAGE },
      { field: 'b[2]', message: MESSAGE },
      { field: 'b[0]["\\ud800"]', message: MESSAGE },
      { field: 'c.d.e', message: MESSAGE },
    ]);
  });

  it('reports a key and its value once', () => {
    expect(unstorable({ ['k\u0000']: 'v\u0000' })).toEqual([{ field: '["k\\u0000"]', message: MESSAGE }]);
  });

  it('ignores numbers, booleans and null', () => {
    expect(unstorable({ a: 1, b: true, c: null, d: [0, false, null] })).toEqual([]);
  });

  it('keeps the first findings and counts the others', () => {
    const element = { items: Array.from({ length: 200_000 }, () => '\u0000') };
    const errors = unstorable(element);
    expect(errors).toHaveLength(21);
    expect(errors[19]).toEqual({ field: 'items[19]', message: MESSAGE });
    expect(errors[20]).toEqual({ field: '', message: '… and 199,980 more errors' });
  });
});
