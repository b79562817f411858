import type { CatalogProduct } from './catalogs/catalog-product';
import { fold } from './catalogs/fold';
import { all, attr, attrIs, brand, category, mentions, some, tag, title, titlePart } from './queries/judge';
import { catalogVocabulary, editDistance, queryProblem } from './queries/query-checks';
import { negative, query } from './queries/relevance-query';

const boot: CatalogProduct = {
  id: 7,
  title: 'Margie’s Classic Chelsea Boots – Crème',
  brand: 'Müller & Söhne',
  description: 'Hand-made USB-C compatible, 750 ml.',
  categories: ['Apparel & Accessories > Shoes > Boots'],
  tags: ['non-slip', 'autumn'],
  attributes: { material: 'full-grain leather', size: '42', color: 'crème', waterproof: true, weight_g: 950 },
};

describe('relevance judges', () => {
  it('folds case, accents, ligatures, apostrophes and punctuation', () => {
    expect(fold('Crème Brûlée – Margie’s USB-C, Søndergaard & Æble')).toBe('creme brulee margies usb c sondergaard aeble');
  });

  it('matches phrases at a word start in the named field only', () => {
    expect(title('chelsea boot').matches(boot)).toBe(true); // "Boots"
    expect(title('creme').matches(boot)).toBe(true);
    expect(title('margies').matches(boot)).toBe(true);
    expect(title('helsea').matches(boot)).toBe(false); // not at a word start
    expect(title('leather').matches(boot)).toBe(false); // only in attributes
    expect(brand('muller & sohne').matches(boot)).toBe(true);
    expect(brand('Müller').matches(boot)).toBe(false); // the whole brand
    expect(category('shoes > boots').matches(boot)).toBe(true);
    expect(tag('non slip').matches(boot)).toBe(true);
    expect(attr('material', 'leather').matches(boot)).toBe(true);
    expect(attrIs('size', '4').matches(boot)).toBe(false); // sizes compare whole
    expect(attrIs('size', '42').matches(boot)).toBe(true);
    expect(attr('colour', 'creme').matches(boot)).toBe(false); // another key
    expect(mentions('750 ml').matches(boot)).toBe(true);
  });

  it('matches a part inside a word: a compound’s part, a word in a run of kana, in any width', () => {
    const tasse: CatalogProduct = { id: 8, title: 'Weißdorn Kaffeetasse mit Untertasse, Creme' };
    const headphones: CatalogProduct = { id: 9, title: 'ヒカリ電機 WH-2100XR ワイヤレスヘッドホン ブラック' };
    expect(titlePart('tasse').matches(tasse)).toBe(true);
    expect(titlePart('weissdorn').matches(tasse)).toBe(true);
    expect(title('tasse').matches(tasse)).toBe(false); // not at a word start
    expect(titlePart('ヘッドホン').matches(headphones)).toBe(true);
    expect(titlePart('ﾍｯﾄﾞﾎﾝ').matches(headphones)).toBe(true); // half-width
    expect(titlePart('ＷＨ－２１００ＸＲ').matches(headphones)).toBe(true); // full-width
    expect(titlePart('ヘットホン').matches(headphones)).toBe(false); // voicing marks are kept: ト is not ド
  });

  it('combines judges and describes them for the report', () => {
    const judge = all(title('boot'), some(attrIs('size', '41'), attrIs('size', '42')));
    expect(judge.matches(boot)).toBe(true);
    expect(judge.text).toBe('title~"boot" & (attributes.size="41" | attributes.size="42")');
    expect(all(title('boot'), brand('Northfold')).matches(boot)).toBe(false);
  });
});

describe('query checks', () => {
  const vocabulary = catalogVocabulary([boot]);

  it('collects the folded words of every searchable field, numbers included, booleans not', () => {
    expect([...vocabulary]).toEqual(expect.arrayContaining(['margies', 'creme', 'muller', 'usb', 'c', '750', 'ml', 'grain', '42', '950']));
    expect(vocabulary.has('true')).toBe(false);
  });

  it('computes the edit distance', () => {
    expect(editDistance('headphnes', 'headphones')).toBe(1);
    expect(editDistance('granloa', 'granola')).toBe(2); // a transposition is two edits
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('refuses queries that do not test their category', () => {
    expect(queryProblem(query('typo', 'chelsea', title('chelsea')), vocabulary, 1)).toBe('no misspelt word');
    expect(queryProblem(query('typo', 'chelsey', title('chelsea')), vocabulary, 1)).toBeNull();
    expect(queryProblem(query('typo', 'bots', title('boots')), vocabulary, 1)).toMatch(/shorter than 5/);
    expect(queryProblem(query('typo', 'chxlsxy', title('chelsea')), vocabulary, 1)).toMatch(/more than 1 edit/);
    expect(queryProblem(query('prefix', 'chelsea bo', title('chelsea')), vocabulary, 1)).toMatch(/shorter than 3/);
    expect(queryProblem(query('prefix', 'chelsea boo', title('chelsea')), vocabulary, 1)).toBeNull();
    expect(queryProblem(query('prefix', 'chelsea boots', title('chelsea')), vocabulary, 1)).toMatch(/whole catalog word/);
    expect(queryProblem(query('exact', 'chelsea wellies', title('chelsea')), vocabulary, 1)).toMatch(/wellies/);
    expect(queryProblem(query('accent', 'crème boots', title('boots')), vocabulary, 1)).toMatch(/accents/);
    expect(queryProblem(query('unit', '750 ml', mentions('750 ml')), vocabulary, 1)).toMatch(/together/);
    expect(queryProblem(query('synonym', 'chelsea boots', title('boots')), vocabulary, 1)).toMatch(/nothing for a synonym/);
    expect(queryProblem(query('exact', 'chelsea', title('chelsea')), vocabulary, 0)).toMatch(/no product/);
    expect(queryProblem(negative('zeppelin'), vocabulary, 0)).toBeNull();
    expect(queryProblem(negative('leather zeppelin'), vocabulary, 0)).toMatch(/leather/);
    expect(queryProblem(negative('chelsey'), vocabulary, 0)).toMatch(/within 1 edit\(s\) of "chelsea"/);
    expect(queryProblem(negative('zeppelin chel'), vocabulary, 0)).toMatch(/prefix of "chelsea"/);
    expect(queryProblem(query('segmentation', 'helsea', title('chelsea')), vocabulary, 1)).toBeNull();
    expect(queryProblem(query('segmentation', 'chelsea', title('chelsea')), vocabulary, 1)).toMatch(/only inside/);
    expect(queryProblem(query('folding', 'muller sohne', brand('Müller & Söhne')), vocabulary, 1)).toBeNull();
    expect(queryProblem(query('folding', 'müller', brand('Müller & Söhne')), vocabulary, 1)).toMatch(/neither/);
  });
});
