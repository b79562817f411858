import fc from 'fast-check';
import { PRODUCT_FIELDS } from '../../../catalog/testing/product-fields';
import { validateProduct } from '../../../catalog/product/product-validator';
import { canonicalJson } from '../../../catalog/hashing/canonical-json';
import { elementText } from '../raw-element';
import { CsvMapping } from './csv-mapping';
import { GMC_FIELDS } from './gmc-mapping';
import { GmcTsvMapping } from './gmc-tsv-mapping';
import { mappedElement } from './mapped-element';

/**
 * What the pipeline takes on trust from a mapped element (mapped-element.ts): its bytes are
 * canonicalJson of the product; a `validId` element is one validation accepts with that id and
 * stores as exactly those bytes; any other keeps the product, equal to the parse of its bytes.
 * Products come from the real CSV and GMC mappings, over cells aimed at their edges.
 */

const cell = fc.oneof(
  { arbitrary: fc.constantFrom('SKU-1', 'Scarf', 'blue', '15', 'EUR'), weight: 4 },
  fc.constantFrom('', ' ', 'SKU-1', 'sku 2', '59.90', '15.00 USD', 'USD 3', '-0', '1e3', '0.1', '12345678901234567890', 'in stock'),
  fc.constantFrom('in_stock', 'new', 'EUR', 'blue', 'a|b| |c', 'https://shop.example.com/p?a=1', '5900993289718', 'Müller & "Söhne"'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
);
/** Fields a CSV column names by a dotted path instead (`price.amount`, `attributes.<key>`). */
const NESTED = new Set<string>(['price', 'sale_price', 'attributes']);
/** CSV columns: product fields, dotted paths (index-like and non-ASCII attribute keys among them), an unknown one. */
const csvColumn = fc.constantFrom(
  ...PRODUCT_FIELDS.filter((field) => !NESTED.has(field)),
  'price.amount',
  'price.currency',
  'sale_price.amount',
  'sale_price.currency',
  'attributes.color',
  'attributes.10',
  'attributes.2',
  'attributes.größe',
  'attributes.Z',
  'colour',
);
/** GMC columns: every mapped attribute and one the mapping ignores. */
const gmcColumn = fc.constantFrom(...Object.keys(GMC_FIELDS), 'shipping');

function csvProduct(columns: string[], cells: string[]): Record<string, unknown> {
  const mapping = new CsvMapping();
  mapping.header(columns);
  return mapping.product(cells);
}

function gmcProduct(columns: string[], cells: string[]): Record<string, unknown> {
  const mapping = new GmcTsvMapping();
  mapping.header(['id', ...columns]);
  return mapping.product(cells);
}

/** Rows that carry the required id and title half of the time, so valid products are common too. */
const withRequired = (columns: fc.Arbitrary<string[]>, required: string[]) =>
  fc.tuple(columns, fc.boolean()).map(([more, both]) => (both ? [...new Set([...required, ...more])] : more));
const csvRows = withRequired(fc.uniqueArray(csvColumn, { minLength: 1, maxLength: 12 }), ['id', 'title'])
  .chain((columns) => fc.tuple(fc.constant(columns), fc.array(cell, { minLength: columns.length, maxLength: columns.length })))
  .map(([columns, cells]) => csvProduct(columns, cells));
const gmcRows = withRequired(fc.array(gmcColumn, { maxLength: 12 }), ['title'])
  .chain((columns) => fc.tuple(fc.constant(columns), fc.array(cell, { minLength: columns.length + 1, maxLength: columns.length + 1 })))
  .map(([columns, cells]) => gmcProduct(columns, cells));

describe('mappedElement (property)', () => {
  it.each([
    ['CSV', csvRows],
    ['GMC', gmcRows],
  ])('gives %s products as their canonical JSON, and a valid id only for what validation stores as those bytes', (_name, rows) => {
    let valid = 0;
    fc.assert(
      fc.property(rows, (product) => {
        const element = mappedElement(0, product, 2, 0);
        const text = elementText(element)!;
        expect(text).toBe(canonicalJson(product));
        expect(JSON.parse(text)).toEqual(product);
        const verdict = validateProduct(product);
        if (element.validId !== undefined) {
          valid++;
          expect(element.mapped).toBeUndefined();
          expect(verdict.valid).toBe(true);
          if (verdict.valid) {
            expect(element.validId).toBe(verdict.product.id);
            expect(canonicalJson(verdict.product)).toBe(text);
          }
        } else {
          expect(element.mapped).toBe(product);
        }
      }),
      { numRuns: 400 },
    );
    expect(valid).toBeGreaterThan(0);
  });

  it('finds valid products valid (the check is not simply refusing everything)', () => {
    const element = mappedElement(0, gmcProduct(['title', 'price', 'availability'], ['SKU-9', 'Scarf', '15.00 USD', 'in stock']), 2, 0);
    expect(element.validId).toBe('SKU-9');
    expect(elementText(element)).toBe('{"availability":"in_stock","id":"SKU-9","price":{"amount":15,"currency":"USD"},"title":"Scarf"}');
  });

  it('keeps key order canonical for attribute keys JavaScript orders first (index-like ones)', () => {
    const product = csvProduct(['id', 'title', 'attributes.10', 'attributes.2', 'attributes.a'], ['SKU-3', 'Cap', 'x', 'y', 'z']);
    expect(elementText(mappedElement(0, product, 2, 0))).toBe('{"attributes":{"10":"x","2":"y","a":"z"},"id":"SKU-3","title":"Cap"}');
  });
});
