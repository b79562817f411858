import { isPlainObject } from '../../common/json/is-plain-object';

/** Plain objects, and null-prototype ones (they print the same). */
const isRecord = (value: object): boolean => isPlainObject(value) || Object.getPrototypeOf(value) === null;

/**
 * Deterministic JSON: object keys sorted by UTF-16 code units (default sort), array order
 * kept, no whitespace, strings and numbers printed exactly as JSON.stringify prints them.
 * Properties whose value is undefined are skipped, as JSON.stringify does. Anything JSON
 * cannot represent faithfully (non-finite numbers, bigint, functions, class instances, …)
 * throws instead of being coerced, because a silently coerced value would hash as something
 * else. Recursion depth equals value depth; callers pass validated products (depth ≤ 3).
 */
export function canonicalJson(value: unknown): string {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: non-finite number ${value}`);
      return JSON.stringify(value);
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) return canonicalArray(value);
      if (!isRecord(value)) throw new TypeError('canonicalJson: only plain objects and arrays are supported');
      return canonicalObject(value as Record<string, unknown>);
    default:
      throw new TypeError(`canonicalJson: ${typeof value} is not a JSON value`);
  }
}

/** Indexed loop rather than map(): map skips holes, which would print as `[1,,2]`. */
function canonicalArray(items: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < items.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(items[i]);
  return `${out}]`;
}

function canonicalObject(record: Record<string, unknown>): string {
  let out = '{';
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    if (member === undefined) continue;
    out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`;
  }
  return `${out}}`;
}
