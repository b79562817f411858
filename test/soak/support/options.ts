export interface SoakOptions {
  minutes: number;
  json: string | null;
  seed: number;
  tenants: number;
  keep: boolean;
}

const USAGE = 'usage: npm run test:soak -- [--minutes N] [--json <file>] [--seed N] [--tenants N] [--keep]';

export function parseOptions(argv: string[]): SoakOptions {
  const options: SoakOptions = { minutes: 3, json: null, seed: Math.floor(Math.random() * 2 ** 31), tenants: 20, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${argv[i - 1]} needs a value\n${USAGE}`);
      return v;
    };
    switch (argv[i]) {
      case '--minutes':
        options.minutes = positive(value(), '--minutes');
        break;
      case '--json':
        options.json = value();
        break;
      case '--seed':
        options.seed = positive(value(), '--seed');
        break;
      case '--tenants':
        options.tenants = Math.max(2, Math.floor(positive(value(), '--tenants')));
        break;
      case '--keep':
        options.keep = true;
        break;
      default:
        throw new Error(`unknown argument ${argv[i]}\n${USAGE}`);
    }
  }
  return options;
}

function positive(text: string, name: string): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not ${text}\n${USAGE}`);
  return n;
}
