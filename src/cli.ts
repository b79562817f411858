import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AuthAdminService } from './auth/auth-admin.service';
import { parseCliArgs, USAGE, UsageError } from './cli/cli-args';
import { CliModule } from './cli/cli.module';
import { runCommand } from './cli/run-command';
import { loadConfig } from './common/config/load-config';

/** Admin CLI: one JSON object on stdout and exit 0, or a message on stderr and exit 1 (2 for usage). */
async function main(argv: string[]): Promise<number> {
  let command;
  try {
    command = parseCliArgs(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(loadConfig()), { logger: false });
  try {
    const result = await runCommand(app.get(AuthAdminService), command);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return 0;
  } finally {
    await app.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`${error instanceof UsageError ? error.message : `Error: ${error.message}`}\n`);
    process.exit(1);
  },
);
