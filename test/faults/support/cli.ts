import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { childEnv, DIST_SNAPSHOT, REPO_ROOT, type ServiceEnv } from './env';

export interface Caller {
  organizationId: string;
  accountId: string;
  token: string;
  /** The Authorization header value. */
  auth: string;
}

/**
 * Runs `node dist/cli.js …` against the faults database (or the one `env` names); it must print
 * exactly one JSON object and exit 0 (DESIGN §8).
 */
export function runCli(args: string[], env: ServiceEnv = {}): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(DIST_SNAPSHOT, 'cli.js'), ...args],
      { cwd: REPO_ROOT, env: childEnv({ PGAPPNAME: 'faults-cli', ...env }), timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`cli ${args.join(' ')} failed (${error.message}): ${stderr}`));
        const lines = stdout.trim().split('\n');
        if (lines.length !== 1) return reject(new Error(`cli ${args.join(' ')} printed ${lines.length} lines: ${stdout}`));
        try {
          resolve(JSON.parse(lines[0]) as Record<string, unknown>);
        } catch {
          reject(new Error(`cli ${args.join(' ')} printed no JSON object: ${stdout}`));
        }
      },
    );
  });
}

/** A fresh organization with one account and one read-write token, created the operator's way. */
export async function createCaller(label: string, env: ServiceEnv = {}): Promise<Caller> {
  const organization = await runCli(['organizations', 'create', '--name', `faults ${label}`], env);
  const account = await runCli(['accounts', 'create', '--organization', String(organization.id)], env);
  const token = await runCli(['tokens', 'create', '--account', String(account.id), '--scopes', 'accounts--my:ro,accounts--my:rw'], env);
  const accountId = String(account.id);
  const secret = String(token.token);
  return {
    organizationId: String(organization.id),
    accountId,
    token: secret,
    auth: `Basic ${Buffer.from(`${accountId}:${secret}`).toString('base64')}`,
  };
}
