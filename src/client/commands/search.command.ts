import type { Command } from 'commander';
import type { CommandContext } from '../context';
import { intOption } from '../options';
import { formatProducts } from '../output/format';

interface SearchOptions {
  limit: number;
  cursor?: string;
}

export function registerSearch(program: Command, ctx: CommandContext): void {
  program
    .command('search')
    .description('full-text search of the catalog (title, description, brand, categories, tags), best match first')
    .argument('<query>', 'words to look for, e.g. "wool sweater"')
    .option('--limit <n>', 'products per page (1-100)', intOption(1, 100), 20)
    .option('--cursor <cursor>', 'the next page (printed after a full page)')
    .action(async (query: string, options: SearchOptions, command: Command) => {
      const page = await ctx.client(command).searchProducts(query, { limit: options.limit, cursor: options.cursor });
      if (ctx.options(command).json) return ctx.printJson(page);
      ctx.print(formatProducts(page, ctx.io.stdout.columns ?? 100));
    });
}
