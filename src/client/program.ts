import { Command, CommanderError } from 'commander';
import { registerErrors } from './commands/errors.command';
import { registerImport } from './commands/import.command';
import { registerSearch } from './commands/search.command';
import { registerStatus } from './commands/status.command';
import { CommandContext, type ClientIo } from './context';
import { describeError, EXIT } from './errors';

export const PROGRAM_NAME = 'product-directory';

/** The command tree; commander's own exits become exceptions so runClient picks the exit code. */
export function buildProgram(ctx: CommandContext): Command {
  const program = new Command(PROGRAM_NAME)
    .description('Upload catalogs to the Product Directory Service and follow their imports.')
    .option('--url <url>', 'service address including its BASE_PATH (env PDS_URL, default http://localhost:3000)')
    .option('--account <id>', 'account id (env PDS_ACCOUNT)')
    .option('--token <token>', 'personal access token (env PDS_TOKEN; prefer the variable: flags show in the process list)')
    .option('--json', 'print one JSON document on stdout and no progress (for scripts)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.io.stdout.write(text),
      writeErr: (text) => ctx.io.stderr.write(text),
    })
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      [
        '',
        'Exit codes: 0 done, 1 the import job failed (import/status --wait), 2 usage, authentication,',
        "service or network error (the service's error message is printed on stderr).",
        'Progress: bars on a terminal; plain lines on stderr when stdout is not a terminal; none with --json.',
      ].join('\n'),
    );
  registerImport(program, ctx);
  registerStatus(program, ctx);
  registerErrors(program, ctx);
  registerSearch(program, ctx);
  return program;
}

/** Runs one invocation (argv without `node` and the script) and answers its exit code. */
export async function runClient(argv: string[], io: ClientIo): Promise<number> {
  const ctx = new CommandContext(io);
  const release = io.onInterrupt?.(() => ctx.interrupt());
  try {
    await buildProgram(ctx).parseAsync(argv, { from: 'user' });
    return ctx.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here too; commander already printed what it had to say.
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' ? EXIT.ok : EXIT.error;
    }
    io.stderr.write(`${PROGRAM_NAME}: ${describeError(error)}\n`);
    return EXIT.error;
  } finally {
    release?.();
  }
}
