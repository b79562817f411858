import { InvalidArgumentError } from 'commander';
import type { Connection } from './api/api-client';
import { UsageError } from './errors';

/** The options every command takes (flags win over the environment). */
export interface GlobalOptions {
  url?: string;
  account?: string;
  token?: string;
  json?: boolean;
}

export const DEFAULT_URL = 'http://localhost:3000';

/**
 * The service address and credentials from flags, else PDS_URL, PDS_ACCOUNT and PDS_TOKEN. This
 * program is not the service: src/common/config/load-config.ts is the service's only reader of the
 * environment, and this function is the client's.
 */
export function resolveConnection(flags: GlobalOptions, env: NodeJS.ProcessEnv): Connection {
  const url = nonEmpty(flags.url) ?? nonEmpty(env.PDS_URL) ?? DEFAULT_URL;
  const account = nonEmpty(flags.account) ?? nonEmpty(env.PDS_ACCOUNT);
  const token = nonEmpty(flags.token) ?? nonEmpty(env.PDS_TOKEN);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--url / PDS_URL must be an http(s) URL such as ${DEFAULT_URL}, got "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`--url / PDS_URL must be an http(s) URL such as ${DEFAULT_URL}, got "${url}"`);
  }
  if (parsed.search || parsed.hash) throw new UsageError(`--url / PDS_URL takes no query or fragment, got "${url}"`);
  if (!account) throw new UsageError('no account: pass --account <id> or set PDS_ACCOUNT');
  if (!token) throw new UsageError('no token: set PDS_TOKEN (or pass --token, which other users can see in the process list)');
  return { url, account, token };
}

/** commander argument parser for an integer in [min, max]. */
export function intOption(min: number, max: number): (value: string) => number {
  return (value) => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`must be an integer from ${min} to ${max}`);
    return n;
  };
}

/** The Idempotency-Key the service accepts: 1–255 characters (checked before any byte is sent). */
export function idempotencyKeyOption(value: string): string {
  if (value.length < 1 || value.length > 255) throw new InvalidArgumentError('must be 1 to 255 characters');
  return value;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
