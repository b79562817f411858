import * as path from 'node:path';
import { runCli as runHarnessCli } from '../../tools/harness/cli';
import type { Credentials } from '../../tools/harness/http/credentials';
import { REPO_ROOT } from '../../tools/harness/repo';

const runCli = <T>(args: string[], env: NodeJS.ProcessEnv): Promise<T> => runHarnessCli<T>(path.join(REPO_ROOT, 'dist/cli.js'), args, env);

export interface Tenant extends Credentials {
  organizationId: string;
  name: string;
}

/** Organization + account + token (ro, rw) through the admin CLI, like an operator would. */
export async function createTenant(name: string, env: NodeJS.ProcessEnv): Promise<Tenant> {
  const org = await runCli<{ id: string; name: string }>(['organizations', 'create', '--name', name], env);
  if (!org.id) throw new Error(`CLI returned an incomplete organization: ${JSON.stringify(org)}`);
  return createAccess(org.id, name, env);
}

/** A new account + token (ro, rw) in an existing organization, e.g. one a previous run built. */
export async function createAccess(organizationId: string, name: string, env: NodeJS.ProcessEnv): Promise<Tenant> {
  const account = await runCli<{ id: string; organization_id: string }>(['accounts', 'create', '--organization', organizationId], env);
  const token = await runCli<{ id: string; token: string; scopes: string[] }>(
    ['tokens', 'create', '--account', account.id, '--scopes', 'accounts--my:ro,accounts--my:rw', '--name', 'bench'],
    env,
  );
  if (!account.id || !token.token)
    throw new Error(`CLI returned incomplete objects: ${JSON.stringify({ account, token: { ...token, token: '<redacted>' } })}`);
  return { organizationId, name, accountId: account.id, token: token.token };
}

/** A new token of an existing account (a reused database keeps accounts, not tokens' secrets). */
export async function tenantOf(organizationId: string, accountId: string, name: string, env: NodeJS.ProcessEnv): Promise<Tenant> {
  const token = await runCli<{ token: string }>(
    ['tokens', 'create', '--account', accountId, '--scopes', 'accounts--my:ro,accounts--my:rw', '--name', 'bench'],
    env,
  );
  if (!token.token) throw new Error(`CLI returned no token for account ${accountId}`);
  return { organizationId, name, accountId, token: token.token };
}

/** Creates tenants with at most `parallel` CLI processes at a time (each boots a Nest context). */
export async function createTenants(
  names: string[],
  env: NodeJS.ProcessEnv,
  parallel = 2,
  onCreated?: (t: Tenant) => void,
): Promise<Tenant[]> {
  const out: Tenant[] = new Array(names.length);
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const i = next++;
      out[i] = await createTenant(names[i], env);
      onCreated?.(out[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, names.length) }, worker));
  return out;
}
