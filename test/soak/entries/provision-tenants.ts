/**
 * Test-only entry of the soak: the operator CLI's own commands (`organizations create`, `accounts
 * create`, `tokens create`, parsed and run exactly as `dist/cli.js` does) for many organizations in
 * one process, so the set-up does not pay a Node start per command (60 of them on a loaded 2-core
 * machine took 5 minutes).
 *
 *   node -r ts-node/register/transpile-only test/soak/entries/provision-tenants.ts <dist> <count> <label>
 *
 * Prints one JSON line per organization: {"organizationId","accountId","token"}.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { join } from 'node:path';
import type * as AdminModule from '../../../src/auth/auth-admin.service';
import type * as ArgsModule from '../../../src/cli/cli-args';
import type * as CliModuleModule from '../../../src/cli/cli.module';
import type * as RunModule from '../../../src/cli/run-command';
import type * as ScopesModule from '../../../src/auth/scopes';
import type * as ConfigModule from '../../../src/common/config/load-config';

async function main(): Promise<void> {
  const [dist, countText, label] = process.argv.slice(2);
  const { CliModule } = (await import(join(dist, 'cli/cli.module.js'))) as typeof CliModuleModule;
  const { runCommand } = (await import(join(dist, 'cli/run-command.js'))) as typeof RunModule;
  const { parseCliArgs } = (await import(join(dist, 'cli/cli-args.js'))) as typeof ArgsModule;
  const { AuthAdminService } = (await import(join(dist, 'auth/auth-admin.service.js'))) as typeof AdminModule;
  const { loadConfig } = (await import(join(dist, 'common/config/load-config.js'))) as typeof ConfigModule;
  // Every scope the service knows: the clients upload, replace, cancel, delete and manage webhooks.
  const { SCOPES } = (await import(join(dist, 'auth/scopes.js'))) as typeof ScopesModule;
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(loadConfig()), { logger: false });
  try {
    const admin = app.get(AuthAdminService);
    const run = (argv: string[]) => runCommand(admin, parseCliArgs(argv)) as Promise<{ id?: string; token?: string }>;
    for (let i = 0; i < Number(countText); i++) {
      const organization = await run(['organizations', 'create', '--name', `${label} ${i}`]);
      const account = await run(['accounts', 'create', '--organization', String(organization.id)]);
      const token = await run(['tokens', 'create', '--account', String(account.id), '--scopes', SCOPES.join(',')]);
      process.stdout.write(`${JSON.stringify({ organizationId: organization.id, accountId: account.id, token: token.token })}\n`);
    }
  } finally {
    await app.close();
  }
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
