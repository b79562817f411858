import { germanCatalog } from './catalogs/german-catalog';
import { frenchCatalog } from './catalogs/french-catalog';
import { japaneseCatalog } from './catalogs/japanese-catalog';
for (const c of [germanCatalog(), frenchCatalog(), japaneseCatalog()]) {
  const p = c.products;
  const langs = new Map<string, number>(); for (const x of p) langs.set(String(x.language ?? '-'), (langs.get(String(x.language ?? '-')) ?? 0) + 1);
  console.log(c.name, p.length, langs, 'sale', p.filter((x) => x.sale_price).length, 'gtin', p.filter((x) => x.gtin).length);
  for (const x of p.filter((_, i) => i % 97 === 0)) console.log(' ', x.id, '|', x.title, '|', x.gtin, x.mpn ?? '', JSON.stringify(x.price), JSON.stringify(x.attributes), x.language ?? '');
  const byCat = new Map<string, number>(); for (const x of p) byCat.set(x.categories![0], (byCat.get(x.categories![0]) ?? 0) + 1); console.log([...byCat].map(([k, v]) => `${k}: ${v}`).join('\n'));
}
