import fc from 'fast-check';
import { ValidationError } from '../errors/api-error';
import { CursorCodec } from './cursor';
import { cursorField } from './cursor-fields';

const raw = (json: string) => Buffer.from(json, 'utf8').toString('base64url');

describe('CursorCodec', () => {
  const errors = new CursorCodec<{ index: number }>({ index: cursorField.index });
  const search = new CursorCodec<{ rank: number; id: string }>({ rank: cursorField.float8, id: cursorField.text(100) });
  const jobs = new CursorCodec<{ id: string }>({ id: cursorField.uuid });

  it('decodes what it encodes, whatever the key order of the value given', () => {
    expect(errors.decode(errors.encode({ index: 41 }))).toEqual({ index: 41 });
    expect(search.encode({ id: 'p-1', rank: 0.25 })).toBe(raw('{"rank":0.25,"id":"p-1"}'));
    expect(search.decode(raw('{"rank":0.25,"id":"p-1"}'))).toEqual({ rank: 0.25, id: 'p-1' });
    const id = '3f0c4a1e-9b2d-4c5e-8f7a-0123456789ab';
    expect(jobs.decode(jobs.encode({ id }))).toEqual({ id });
  });

  it.each([
    ['a fraction', '{"index":1.5}'],
    ['beyond int4', '{"index":3000000000}'],
    ['3e9 written with an exponent', '{"index":3e9}'],
    ['1e21', '{"index":1e21}'],
    ['negative', '{"index":-1}'],
    ['-0', '{"index":-0}'],
    ['1.0', '{"index":1.0}'],
    ['a string', '{"index":"1"}'],
    ['null', '{"index":null}'],
    ['a missing key', '{}'],
    ['a wrong key', '{"idx":1}'],
    ['an extra key', '{"index":1,"x":2}'],
    ['the key twice', '{"index":1,"index":1}'],
    ['whitespace', '{ "index":1}'],
    ['an array', '[1]'],
    ['a number', '1'],
    ['not JSON', 'index=1'],
  ])('refuses an error cursor with %s as 422 validation', (_name, json) => {
    expect(() => errors.decode(raw(json))).toThrow(ValidationError);
  });

  it.each([
    ['rank Infinity (1e999)', '{"rank":1e999,"id":"a"}'],
    ['rank as a string', '{"rank":"0.5","id":"a"}'],
    ['an empty id', '{"rank":0.5,"id":""}'],
    ['an id over its column limit', `{"rank":0.5,"id":"${'a'.repeat(101)}"}`],
    ['a NUL in the id', '{"rank":0.5,"id":"a\\u0000"}'],
    ['a lone surrogate in the id', '{"rank":0.5,"id":"a\\ud800"}'],
    ['keys in another order', '{"id":"a","rank":0.5}'],
  ])('refuses a search cursor with %s', (_name, json) => {
    expect(() => search.decode(raw(json))).toThrow(ValidationError);
  });

  it('refuses a job cursor whose id is not a lower-case UUID', () => {
    expect(() => jobs.decode(raw(`{"id":"x' OR 1=1 --"}`))).toThrow(ValidationError);
    expect(() => jobs.decode(raw('{"id":"3F0C4A1E-9B2D-4C5E-8F7A-0123456789AB"}'))).toThrow(ValidationError);
  });

  it('accepts a sort key only as a plain numeric PostgreSQL prints (40 digits each side at most), never an exponent', () => {
    const keys = new CursorCodec<{ key: string }>({ key: cursorField.decimal });
    const key = (value: unknown) => raw(JSON.stringify({ key: value }));
    for (const ok of ['0', '-19.99', '-1795800000.000002', '9'.repeat(40), `1.${'0'.repeat(40)}`]) {
      expect(keys.decode(key(ok))).toEqual({ key: ok });
    }
    for (const bad of ['', '-', '1e5', '1.', '.5', '+1', ' 1', 'NaN', 'Infinity', '9'.repeat(41), `1.${'0'.repeat(41)}`, 12]) {
      expect(() => keys.decode(key(bad))).toThrow(ValidationError);
    }
  });

  it('accepts every int4 index and every finite rank it issued (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_147_483_647 }), (index) => {
        expect(errors.decode(errors.encode({ index }))).toEqual({ index });
      }),
    );
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string({ minLength: 1, maxLength: 100 }), (rank, id) => {
        fc.pre(!Object.is(rank, -0) && !/[\ud800-\udfff]/.test(id) && !id.includes('\u0000'));
        expect(search.decode(search.encode({ rank, id }))).toEqual({ rank, id });
      }),
    );
  });

  it('never throws anything but a ValidationError on arbitrary input (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json().map(raw), fc.string().map(raw)), (cursor) => {
        for (const codec of [errors, search, jobs] as Array<CursorCodec<Record<string, string | number>>>) {
          try {
            codec.decode(cursor);
          } catch (error) {
            expect(error).toBeInstanceOf(ValidationError);
          }
        }
      }),
    );
  });
});
