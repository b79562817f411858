/** One scrape of the API's Prometheus endpoint: `name{labels}` → value. */
export type Scrape = Map<string, number>;

export async function scrape(port: number): Promise<Scrape> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const values: Scrape = new Map();
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const space = line.lastIndexOf(' ');
    values.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return values;
}

/** The value of a series (0 when absent: a counter never incremented). */
export function series(values: Scrape, name: string, labels: Record<string, string> = {}): number {
  const inner = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .join(',');
  return values.get(inner ? `${name}{${inner}}` : name) ?? 0;
}

/** How much each series of `name` grew between two scrapes, by its label text. */
export function growth(before: Scrape, after: Scrape, name: string): Record<string, number> {
  const grown: Record<string, number> = {};
  for (const [key, value] of after) {
    if (!key.startsWith(`${name}{`)) continue;
    const delta = value - (before.get(key) ?? 0);
    if (delta !== 0) grown[key.slice(name.length)] = delta;
  }
  return grown;
}
