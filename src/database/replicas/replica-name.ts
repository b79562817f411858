/** A replica's label in logs and metrics: host:port/database of its URL (never its credentials), made unique in `taken`. */
export function replicaName(url: string, taken: ReadonlySet<string>): string {
  let base: string;
  try {
    const parsed = new URL(url);
    base = `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    base = 'replica';
  }
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}#${n}`;
  return name;
}
