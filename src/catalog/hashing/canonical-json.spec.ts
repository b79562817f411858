import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts object keys recursively and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1},1]},"b":1}');
  });

  it('is invariant under key order', () => {
    const one = { id: '1', price: { amount: 1, currency: 'USD' }, attributes: { b: true, a: 'x' } };
    const two = { attributes: { a: 'x', b: true }, price: { currency: 'USD', amount: 1 }, id: '1' };
    expect(canonicalJson(one)).toBe(canonicalJson(two));
  });

  it('sorts by UTF-16 code units, not code points or locale', () => {
    // U+FF5E sorts after the surrogate pair of U+1F600 by code unit (0xFF5E > 0xD83D).
    expect(canonicalJson({ '\uFF5E': 1, '😀': 2, B: 3, a: 4, é: 5 })).toBe('{"B":3,"a":4,"é":5,"😀":2,"～":1}');
  });

  it('prints numbers and strings exactly like JSON.stringify', () => {
    const values = [0, -0, 1.5, 1e21, 1e-7, 123456789012345680000, 0.1 + 0.2, 'quote " backslash \\ newline \n', '\u2028', '\u007f'];
    for (const value of values) expect(canonicalJson(value)).toBe(JSON.stringify(value));
  });

  it('has no whitespace', () => {
    expect(canonicalJson({ a: [1, 2], b: { c: 'd e' } })).toBe('{"a":[1,2],"b":{"c":"d e"}}');
  });

  it('skips undefined properties like JSON.stringify', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it('keeps an own "__proto__" key', () => {
    expect(canonicalJson(JSON.parse('{"z":1,"__proto__":{"b":2,"a":1}}'))).toBe('{"__proto__":{"a":1,"b":2},"z":1}');
  });

  it('accepts objects with a null prototype', () => {
    const value = Object.assign(Object.create(null) as object, { b: 2, a: 1 });
    expect(canonicalJson(value)).toBe('{"a":1,"b":2}');
  });

  it.each([
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['undefined', undefined],
    ['a function', () => 1],
    ['a bigint', BigInt(1)],
    ['a symbol', Symbol('s')],
    ['a Date', new Date(0)],
    ['a Map', new Map()],
    ['undefined inside an array', [1, undefined]],
    ['a hole inside an array', [1, , 2]], // eslint-disable-line no-sparse-arrays
  ])('refuses %s rather than coercing it', (_name, value) => {
    expect(() => canonicalJson(value)).toThrow(TypeError);
  });
});
