import fc from 'fast-check';
import { isStorableString } from '../../common/text/storable-string';
import { FieldErrorList, MAX_FIELD_ERRORS, MAX_FIELD_LENGTH, MAX_MESSAGE_LENGTH, prefixedSink } from './field-error-list';
import { validateProduct } from '../product/product-validator';

describe('FieldErrorList', () => {
  it('keeps errors as they are while under the cap', () => {
    const list = new FieldErrorList();
    list.add('id', 'is required');
    list.add('title', 'is required');
    expect(list.toArray()).toEqual([
      { field: 'id', message: 'is required' },
      { field: 'title', message: 'is required' },
    ]);
  });

  it('keeps the first 20 and counts the rest exactly in one summary entry', () => {
    const list = new FieldErrorList();
    for (let i = 0; i < 25; i++) list.add(`tags[${i}]`, 'bad');
    list.more(1_000);
    const errors = list.toArray();
    expect(errors).toHaveLength(MAX_FIELD_ERRORS + 1);
    expect(errors[MAX_FIELD_ERRORS - 1]).toEqual({ field: 'tags[19]', message: 'bad' });
    expect(errors[MAX_FIELD_ERRORS]).toEqual({ field: '', message: '… and 1,005 more errors' });
    expect(list.size).toBe(1_025);
  });

  it('says "error" for one more', () => {
    const list = new FieldErrorList(1);
    list.add('a', 'x');
    list.add('b', 'y');
    expect(list.toArray()[1]).toEqual({ field: '', message: '… and 1 more error' });
  });

  it('bounds and repairs fields and messages', () => {
    const list = new FieldErrorList();
    list.add(`["${'k'.repeat(300_000)}"]`, `m\u0000${'x'.repeat(1_000)}`);
    list.add('lone\uD800', 'ok');
    const [first, second] = list.toArray();
    expect(first.field).toHaveLength(MAX_FIELD_LENGTH);
    expect(first.message).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(first.message.startsWith('m\uFFFD')).toBe(true);
    expect(second.field).toBe('lone\uFFFD');
  });

  it('prefixes paths through a sub-sink and stops at the same cap', () => {
    const list = new FieldErrorList(2);
    const sub = prefixedSink(list, 'tags');
    sub.add('[0]', 'bad');
    sub.add('[1]', 'bad');
    expect(sub.full).toBe(true);
    sub.add('[2]', 'bad');
    expect(list.toArray()).toEqual([
      { field: 'tags[0]', message: 'bad' },
      { field: 'tags[1]', message: 'bad' },
      { field: '', message: '… and 1 more error' },
    ]);
  });
});

describe('validateProduct error caps', () => {
  const errorsOf = (element: unknown) => {
    const result = validateProduct(element);
    if (result.valid) throw new Error('expected an invalid product');
    return result.errors;
  };

  it('reports 131,000 bad tags as 20 paths plus the exact count of the others', () => {
    const errors = errorsOf({ id: 'x1', title: 't', tags: new Array<number>(131_000).fill(0) });
    expect(errors).toHaveLength(21);
    expect(errors[0]).toEqual({ field: 'tags[0]', message: 'must be a string of 1 to 100 characters' });
    expect(errors.slice(0, 20).map((e) => e.field)).toEqual(Array.from({ length: 20 }, (_, i) => `tags[${i}]`));
    // 131,000 item errors and the "at most 50 items" one, 20 of them shown.
    expect(errors[20]).toEqual({ field: '', message: '… and 130,981 more errors' });
  });

  it('reports thousands of unknown keys, even huge ones, as 20 bounded paths plus a count', () => {
    const element: Record<string, unknown> = { id: 'x', title: 't' };
    for (let i = 0; i < 5_000; i++) element[`${i}-${'😀'.repeat(i === 0 ? 100_000 : 1)}`] = i;
    const errors = errorsOf(element);
    expect(errors).toHaveLength(21);
    expect(errors[0].field.length).toBeLessThanOrEqual(MAX_FIELD_LENGTH);
    expect(isStorableString(errors[0].field)).toBe(true);
    expect(errors[20].message).toBe('… and 4,980 more errors');
  });

  it('caps attribute errors the same way', () => {
    const attributes = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, { nested: true }]));
    const errors = errorsOf({ id: 'x', title: 't', attributes });
    expect(errors).toHaveLength(21);
    expect(errors[20].message).toBe('… and 281 more errors');
  });

  it('always gives at most 21 storable, bounded errors for random keys and values', () => {
    const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    const text = fc.oneof(fc.string({ unit: anyCodeUnit, maxLength: 400 }), fc.string({ maxLength: 10 }));
    const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.array(fc.oneof(text, fc.integer()), { maxLength: 80 }));
    const element = fc.dictionary(fc.oneof(text, fc.constantFrom('id', 'title', 'tags', 'attributes', 'categories')), value, {
      maxKeys: 60,
    });
    fc.assert(
      fc.property(element, (input) => {
        const result = validateProduct(input);
        if (result.valid) return;
        expect(result.errors.length).toBeLessThanOrEqual(MAX_FIELD_ERRORS + 1);
        for (const { field, message } of result.errors) {
          expect(field.length).toBeLessThanOrEqual(MAX_FIELD_LENGTH);
          expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
          expect(isStorableString(field)).toBe(true);
          expect(isStorableString(message)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
