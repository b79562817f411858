import { LeftOutWords } from './left-out-words';

describe('LeftOutWords', () => {
  it('warns at once, then at most once a minute per organization with the words left out since', () => {
    let now = 0;
    const words = new LeftOutWords(60_000, () => now);
    expect(words.add('a', 5)).toBe(5);
    now = 1_000;
    expect(words.add('a', 3)).toBe(0);
    expect(words.add('b', 2)).toBe(2); // another organization has its own minute
    now = 59_999;
    expect(words.add('a', 1)).toBe(0);
    now = 60_000;
    expect(words.add('a', 4)).toBe(8);
    now = 200_000;
    expect(words.add('a', 0)).toBe(0); // nothing left out since: nothing to say
  });
});
