import { parseQueryString } from './query-parser';

describe('parseQueryString', () => {
  it('folds attributes[key]=value into a map and leaves everything else flat', () => {
    const query = parseQueryString('q=shirt&attributes%5Bsize%5D=XL&attributes[colour]=navy&availability=in_stock');
    expect({ ...query, attributes: { ...(query.attributes as object) } }).toEqual({
      q: 'shirt',
      availability: 'in_stock',
      attributes: { size: 'XL', colour: 'navy' },
    });
  });

  it('keeps unknown bracket parameters as written, so they are refused as unknown', () => {
    expect(Object.keys(parseQueryString('page[size]=2&a[b][c]=1'))).toEqual(['page[size]', 'a[b][c]']);
  });

  it('keeps a repeated attribute as an array (refused by validation) and builds no prototype', () => {
    const query = parseQueryString('attributes[size]=M&attributes[size]=L&attributes[__proto__]=x');
    const attributes = query.attributes as Record<string, unknown>;
    expect(attributes.size).toEqual(['M', 'L']);
    expect(Object.getPrototypeOf(attributes)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
