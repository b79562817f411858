import type { FeedFormat } from '../../src/common/feeds/feed-format';

/** A product as the tests write it in every feed format (only fields every format can carry). */
export interface FeedProduct {
  id: string;
  title: string;
  description?: string;
  url?: string;
  image_url?: string;
  additional_image_urls?: string[];
  price?: { amount: number; currency: string };
  sale_price?: { amount: number; currency: string };
  availability?: string;
  condition?: string;
  brand?: string;
  gtin?: string;
  mpn?: string;
  group_id?: string;
  categories?: string[];
  attributes?: Record<string, string>;
}

export const FEED_FILE_NAMES: Record<FeedFormat, string> = {
  json: 'feed.json',
  jsonl: 'feed.jsonl',
  csv: 'feed.csv',
  gmc_tsv: 'feed.tsv',
  gmc_xml: 'feed.xml',
};

const ATTRIBUTE_KEYS = ['color', 'size', 'material'];
const money = (m?: { amount: number; currency: string }) => (m ? `${m.amount} ${m.currency}` : '');

/** `products` written as a file of `format` (CSV lists joined with `|`, GMC with its attribute names). */
export function feedOf(format: FeedFormat, products: FeedProduct[]): string {
  switch (format) {
    case 'json':
      return JSON.stringify(products);
    case 'jsonl':
      return products.map((p) => JSON.stringify(p)).join('\n') + '\n';
    case 'csv':
      return csvOf(products);
    case 'gmc_tsv':
      return tsvOf(products);
    case 'gmc_xml':
      return xmlOf(products);
  }
}

function csvOf(products: FeedProduct[]): string {
  const columns: Array<[string, (p: FeedProduct) => string]> = [
    ['id', (p) => p.id],
    ['title', (p) => p.title],
    ['description', (p) => p.description ?? ''],
    ['url', (p) => p.url ?? ''],
    ['image_url', (p) => p.image_url ?? ''],
    ['additional_image_urls', (p) => (p.additional_image_urls ?? []).join('|')],
    ['price.amount', (p) => (p.price ? String(p.price.amount) : '')],
    ['price.currency', (p) => p.price?.currency ?? ''],
    ['sale_price.amount', (p) => (p.sale_price ? String(p.sale_price.amount) : '')],
    ['sale_price.currency', (p) => p.sale_price?.currency ?? ''],
    ['availability', (p) => p.availability ?? ''],
    ['condition', (p) => p.condition ?? ''],
    ['brand', (p) => p.brand ?? ''],
    ['gtin', (p) => p.gtin ?? ''],
    ['mpn', (p) => p.mpn ?? ''],
    ['group_id', (p) => p.group_id ?? ''],
    ['categories', (p) => (p.categories ?? []).join('|')],
    ...ATTRIBUTE_KEYS.map((k): [string, (p: FeedProduct) => string] => [`attributes.${k}`, (p) => p.attributes?.[k] ?? '']),
  ];
  const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const rows = [columns.map(([name]) => name), ...products.map((p) => columns.map(([, value]) => value(p)))];
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

const GMC: Array<[string, (p: FeedProduct) => string | string[]]> = [
  ['id', (p) => p.id],
  ['title', (p) => p.title],
  ['description', (p) => p.description ?? ''],
  ['link', (p) => p.url ?? ''],
  ['image_link', (p) => p.image_url ?? ''],
  ['additional_image_link', (p) => p.additional_image_urls ?? []],
  ['price', (p) => money(p.price)],
  ['sale_price', (p) => money(p.sale_price)],
  ['availability', (p) => (p.availability ?? '').replace('_', ' ')], // the older spelling, "in stock"
  ['condition', (p) => p.condition ?? ''],
  ['brand', (p) => p.brand ?? ''],
  ['gtin', (p) => p.gtin ?? ''],
  ['mpn', (p) => p.mpn ?? ''],
  ['item_group_id', (p) => p.group_id ?? ''],
  ['product_type', (p) => p.categories ?? []],
  ...ATTRIBUTE_KEYS.map((k): [string, (p: FeedProduct) => string] => [k, (p) => p.attributes?.[k] ?? '']),
];

function tsvOf(products: FeedProduct[]): string {
  const value = (v: string | string[]) => (Array.isArray(v) ? v.join(',') : v);
  const rows = [GMC.map(([name]) => name), ...products.map((p) => GMC.map(([, get]) => value(get(p))))];
  return rows.map((row) => row.join('\t')).join('\n') + '\n';
}

function xmlOf(products: FeedProduct[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const items = products.map((p) => {
    const children = GMC.flatMap(([name, get]) => {
      const v = get(p);
      const values = Array.isArray(v) ? v : v === '' ? [] : [v];
      // RSS's own title, link and description; g: for the rest.
      const tag = ['title', 'link', 'description'].includes(name) ? name : `g:${name}`;
      return values.map((text) => `<${tag}>${escape(text)}</${tag}>`);
    });
    return `<item>${children.join('')}</item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Feed</title>\n${items.join('\n')}\n</channel></rss>\n`;
}
