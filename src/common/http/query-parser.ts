import { parse } from 'node:querystring';

const MAP_KEY = /^([a-z_]+)\[([^[\]]*)\]$/;

/** Query parameters that are maps, written `name[key]=value` (e.g. `attributes[size]=XL`). */
const MAP_PARAMETERS = new Set(['attributes']);

/**
 * Express's simple query parser, plus `name[key]=value` folded into `{ name: { key: value } }` for
 * the map parameters only. Everything else parses exactly as before (no nested objects, no arrays
 * from brackets), so an unknown `x[y]` is still refused as the unknown parameter `x[y]`.
 */
export function parseQueryString(text: string): Record<string, unknown> {
  const flat = parse(text);
  const query: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [name, value] of Object.entries(flat)) {
    const map = MAP_KEY.exec(name);
    if (map && MAP_PARAMETERS.has(map[1])) {
      const entries = (query[map[1]] ??= Object.create(null)) as Record<string, unknown>;
      entries[map[2]] = value;
    } else {
      query[name] = value;
    }
  }
  return query;
}
