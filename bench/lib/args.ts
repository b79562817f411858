import { parseArgs } from 'node:util';

type OptionSpec = Record<string, { type: 'string' | 'boolean'; default?: string | boolean }>;

/** util.parseArgs with a readable error and numeric helpers. */
export function parseCommandLine<T extends OptionSpec>(spec: T, usage: string) {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { ...spec, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    process.exit(2);
  }
  if ((parsed.values as Record<string, unknown>).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const number = (name: keyof T & string, fallback?: number, { min = 0, integer = false } = {}): number | undefined => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) {
      process.stderr.write(`--${name} must be a${integer ? 'n integer' : ' number'} >= ${min}, got ${JSON.stringify(raw)}\n${usage}\n`);
      process.exit(2);
    }
    return n;
  };
  const string = (name: keyof T & string): string | undefined => values[name] as string | undefined;
  const flag = (name: keyof T & string): boolean => values[name] === true;
  return { number, string, flag };
}
