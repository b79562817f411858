import { MAX_ELEMENT_BYTES } from './env';

/** One element of the limits file: its text as written and whether the product schema makes it valid. */
export interface LimitCase {
  label: string;
  text: string;
  valid: boolean;
}

const URL_BASE = 'https://example.com/';
/** An absolute https URL of exactly `length` characters. */
const urlOf = (length: number): string => URL_BASE + 'u'.repeat(length - URL_BASE.length);
const chars = (length: number, ch = 'a'): string => ch.repeat(length);
const list = <T>(count: number, item: (n: number) => T): T[] => Array.from({ length: count }, (_, n) => item(n));
const attributes = (count: number): Record<string, number> => Object.fromEntries(list(count, (n) => [`k${n}`, n] as const));

/**
 * Every limited field of the product schema at its limit − 1, at the limit and at limit + 1 (and at the
 * lower bound where there is one), each in a product that is otherwise valid and has its own id,
 * so the expected counters follow from the list alone. Lengths are UTF-16 code units.
 */
export function limitCases(): LimitCase[] {
  const cases: LimitCase[] = [];
  const product = (label: string, fields: Record<string, unknown>, valid: boolean, id: unknown = `lim-${label}`) =>
    cases.push({ label, text: JSON.stringify({ id, title: 't', ...fields }), valid });
  /** Lower bound (length 1 valid, 0 invalid) and upper bound ± 1 of a string field. */
  const stringField = (field: string, max: number, min = 0) => {
    if (min > 0) {
      product(`${field}-${min}`, { [field]: chars(min) }, true);
      product(`${field}-${min - 1}`, { [field]: '' }, false);
    }
    for (const length of [max - 1, max, max + 1]) product(`${field}-${length}`, { [field]: chars(length) }, length <= max);
  };

  // id: 1–100; the id itself varies, so it is the product's id.
  for (const length of [1, 99, 100, 101]) product(`id-${length}`, {}, length <= 100, chars(length, 'i'));
  product('id-0', {}, false, '');
  // title: 1–150, not only whitespace; UTF-16 units, not code points.
  for (const length of [1, 149, 150, 151]) cases.push(titled(`title-${length}`, chars(length), length <= 150));
  cases.push(titled('title-empty', '', false));
  cases.push(titled('title-blank', '   ', false));
  cases.push(titled('title-75-emoji-150-units', '😀'.repeat(75), true));
  cases.push(titled('title-149-plus-emoji-151-units', chars(149) + '😀', false));
  cases.push(titled('title-150-e-acute', 'é'.repeat(150), true));
  stringField('description', 5_000);
  for (const field of ['url', 'image_url']) {
    for (const length of [2_047, 2_048, 2_049]) product(`${field}-${length}`, { [field]: urlOf(length) }, length <= 2_048);
  }
  stringField('brand', 70, 1);
  stringField('mpn', 70, 1);
  stringField('group_id', 100, 1);
  for (const count of [19, 20, 21]) product(`categories-count-${count}`, { categories: list(count, (n) => `cat ${n}`) }, count <= 20);
  for (const length of [254, 255, 256]) product(`categories-item-${length}`, { categories: [chars(length)] }, length <= 255);
  product('categories-item-empty', { categories: [''] }, false);
  for (const count of [49, 50, 51]) product(`tags-count-${count}`, { tags: list(count, (n) => `tag ${n}`) }, count <= 50);
  for (const length of [99, 100, 101]) product(`tags-item-${length}`, { tags: [chars(length)] }, length <= 100);
  product('tags-item-empty', { tags: [''] }, false);
  for (const count of [99, 100, 101]) product(`attributes-keys-${count}`, { attributes: attributes(count) }, count <= 100);
  for (const length of [127, 128, 129]) product(`attributes-key-${length}`, { attributes: { [chars(length)]: 1 } }, length <= 128);
  product('attributes-key-empty', { attributes: { '': 1 } }, false);
  for (const length of [999, 1_000, 1_001]) product(`attributes-value-${length}`, { attributes: { v: chars(length) } }, length <= 1_000);
  for (const count of [19, 20, 21]) {
    product(`additional_image_urls-${count}`, { additional_image_urls: list(count, (n) => `${URL_BASE}img-${n}.jpg`) }, count <= 20);
  }
  // The element as written: inner whitespace makes the bytes without touching any field.
  for (const size of [MAX_ELEMENT_BYTES - 1, MAX_ELEMENT_BYTES, MAX_ELEMENT_BYTES + 1]) {
    const compact = JSON.stringify({ id: `lim-element-${size}`, title: 't' });
    cases.push({
      label: `element-${size}-bytes`,
      text: `{${' '.repeat(size - compact.length)}${compact.slice(1)}`,
      valid: size <= MAX_ELEMENT_BYTES,
    });
  }
  return cases;
}

function titled(label: string, title: string, valid: boolean): LimitCase {
  return { label, text: JSON.stringify({ id: `lim-${label}`, title }), valid };
}
