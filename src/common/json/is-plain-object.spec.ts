import { isPlainObject } from './is-plain-object';

describe('isPlainObject', () => {
  it('accepts what JSON.parse makes of {…}', () => expect(isPlainObject(JSON.parse('{"a":1}'))).toBe(true));

  it.each([
    ['null', null],
    ['an array', []],
    ['a string', 'x'],
    ['a class instance', new Date(0)],
    ['a null-prototype object', Object.create(null) as object],
  ])('refuses %s', (_name, value) => expect(isPlainObject(value)).toBe(false));
});
