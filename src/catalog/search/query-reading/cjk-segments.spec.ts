import { cjkPairs, cjkRuns, indexedCjkWords, withoutCjkRuns } from './cjk-segments';

describe('CJK segments', () => {
  it('finds runs of unspaced script between spaced words and digits', () => {
    expect(cjkRuns('ソニー WH-1000XM5 ワイヤレスヘッドホン')).toEqual(['ソニー', 'ワイヤレスヘッドホン']);
    expect(cjkRuns('象印ステンレスマグ480ml')).toEqual(['象印ステンレスマグ']);
    expect(withoutCjkRuns('象印ステンレスマグ480ml').trim()).toBe('480ml');
    expect(cjkRuns('Leather bag')).toEqual([]);
  });

  it('cuts a run into overlapping pairs, and the indexer adds each Han character alone', () => {
    expect(cjkPairs('ヘッドホン')).toEqual(['ヘッ', 'ッド', 'ドホ', 'ホン']);
    expect(cjkPairs('靴')).toEqual(['靴']);
    expect(indexedCjkWords('ビジネス革靴')).toEqual(['ビジ', 'ジネ', 'ネス', 'ス革', '革靴', '革', '靴']);
    expect(indexedCjkWords('한국어')).toEqual(['한국', '국어']);
  });
});
