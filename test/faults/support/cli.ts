import { join } from 'node:path';
import { runCli as runHarnessCli } from '../../../tools/harness/cli';
import type { Credentials } from '../../../tools/harness/http/credentials';
import type { ServiceEnv } from '../../../tools/harness/service-env';
import { childEnv, DIST_SNAPSHOT } from './env';

export interface Caller extends Credentials {
  organizationId: string;
  /** The Authorization header value. */
  auth: string;
}

/** Runs `node dist/cli.js …` (from the snapshot) against the faults database, or the one `env` names. */
export function runCli(args: string[], env: ServiceEnv = {}): Promise<Record<string, unknown>> {
  return runHarnessCli(join(DIST_SNAPSHOT, 'cli.js'), args, childEnv({ PGAPPNAME: 'faults-cli', ...env }), 30_000);
}

/** A fresh organization with one account and one read-write token (webhooks:manage too), created the operator's way. */
export async function createCaller(label: string, env: ServiceEnv = {}): Promise<Caller> {
  const organization = await runCli(['organizations', 'create', '--name', `faults ${label}`], env);
  const account = await runCli(['accounts', 'create', '--organization', String(organization.id)], env);
  const token = await runCli(
    ['tokens', 'create', '--account', String(account.id), '--scopes', 'accounts--my:ro,accounts--my:rw,webhooks:manage'],
    env,
  );
  const accountId = String(account.id);
  const secret = String(token.token);
  return {
    organizationId: String(organization.id),
    accountId,
    token: secret,
    auth: `Basic ${Buffer.from(`${accountId}:${secret}`).toString('base64')}`,
  };
}
