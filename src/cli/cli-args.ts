import { parseArgs } from 'node:util';

export class UsageError extends Error {}

export type CliCommand =
  | { kind: 'organizations:create'; name: string }
  | { kind: 'organizations:set-language'; organizationId: string; language: string }
  | { kind: 'accounts:create'; organizationId: string; id?: string }
  | { kind: 'accounts:disable' | 'accounts:enable'; accountId: string }
  | { kind: 'tokens:create'; accountId: string; scopes: string[]; name?: string; expiresAt?: Date; noExpiry?: boolean }
  | { kind: 'tokens:list'; accountId: string }
  | { kind: 'tokens:revoke'; tokenId: string };

export const USAGE = `Usage:
  cli organizations create --name <name>
  cli organizations set-language <org-uuid> --language <bcp-47-tag>
  cli accounts create --organization <org-uuid> [--id <account-id>]
  cli accounts disable <account-id> | accounts enable <account-id>
  cli tokens create --account <account-id> --scopes <s1,s2|""> [--name <name>] [--expires-at <iso> | --no-expiry]
  cli tokens list --account <account-id>
  cli tokens revoke <token-id>

Scopes: accounts--my:ro, accounts--my:rw, catalog:replace (replace imports with allow_mass_delete),
webhooks:manage (create, delete, rotate webhooks). Without --expires-at a token expires after
TOKEN_DEFAULT_TTL_DAYS (default 90); --no-expiry makes one that never expires.
set-language sets the catalog's default language (en until set): its products that name no language
of their own are indexed again by that language's rules.`;

/** Parses the admin CLI's arguments; throws UsageError with a readable message. */
export function parseCliArgs(argv: string[]): CliCommand {
  const [resource, action, ...rest] = argv;
  const { values, positionals } = parseOrThrow(rest);
  const need = (name: keyof typeof values): string => {
    const value = values[name];
    if (typeof value !== 'string') throw new UsageError(`--${name} is required`);
    return value;
  };
  switch (`${resource} ${action}`) {
    case 'organizations create':
      return { kind: 'organizations:create', name: need('name') };
    case 'organizations set-language':
      return { kind: 'organizations:set-language', organizationId: positional(positionals, 'org-uuid'), language: need('language') };
    case 'accounts create':
      return { kind: 'accounts:create', organizationId: need('organization'), id: optional(values.id) };
    case 'accounts disable':
    case 'accounts enable':
      return { kind: action === 'disable' ? 'accounts:disable' : 'accounts:enable', accountId: positional(positionals, 'account-id') };
    case 'tokens create': {
      const expires = optional(values['expires-at']);
      const expiresAt = expires === undefined ? undefined : new Date(expires);
      if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new UsageError('--expires-at must be an ISO 8601 date-time');
      const noExpiry = values['no-expiry'] === true;
      if (noExpiry && expiresAt) throw new UsageError('--expires-at and --no-expiry exclude each other');
      const scopes = need('scopes')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
      return { kind: 'tokens:create', accountId: need('account'), scopes, name: optional(values.name), expiresAt, noExpiry };
    }
    case 'tokens list':
      return { kind: 'tokens:list', accountId: need('account') };
    case 'tokens revoke':
      return { kind: 'tokens:revoke', tokenId: positional(positionals, 'token-id') };
    default:
      throw new UsageError(`Unknown command "${[resource, action].filter(Boolean).join(' ')}"`);
  }
}

function parseOrThrow(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        name: { type: 'string' },
        language: { type: 'string' },
        organization: { type: 'string' },
        id: { type: 'string' },
        account: { type: 'string' },
        scopes: { type: 'string' },
        'expires-at': { type: 'string' },
        'no-expiry': { type: 'boolean' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function optional(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function positional(positionals: string[], name: string): string {
  if (positionals.length !== 1) throw new UsageError(`expected exactly one <${name}>`);
  return positionals[0];
}
