import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENVIRONMENT } from './environment';
import { environmentTable, TABLE_BEGIN, TABLE_END, withEnvironmentTable } from './environment-table';

describe('the environment table', () => {
  it('has one row per declared variable, with its default, what it accepts and its meaning', () => {
    const rows = environmentTable().split('\n').slice(2);
    expect(rows.map((row) => /^\| `([A-Z_]+)` \|/.exec(row)?.[1])).toEqual(Object.keys(ENVIRONMENT));
    expect(rows[0]).toBe(`| \`PORT\` | \`3000\` | integer 0–65,535 | ${ENVIRONMENT.PORT.doc} |`);
    expect(environmentTable()).toContain('| `DB_IDLE_IN_TRANSACTION_TIMEOUT_MS` | `HTTP_REQUEST_TIMEOUT_MS + 60000` | integer 0–86,400,000 |');
    expect(environmentTable()).toContain('| `WORKER_ENABLED` | `true` | `true`, `false` (or `1`, `0`) |');
  });

  it('replaces only what lies between the markers', () => {
    const document = `# Title\n\n${TABLE_BEGIN}\nold table\n${TABLE_END}\n\nAfter.\n`;
    expect(withEnvironmentTable(document)).toBe(`# Title\n\n${TABLE_BEGIN}\n${environmentTable()}\n${TABLE_END}\n\nAfter.\n`);
    expect(() => withEnvironmentTable('# no markers')).toThrow(/env-table:begin/);
  });

  it('is committed up to date in docs/configuration.md (else run npm run docs:config)', () => {
    const document = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'configuration.md'), 'utf8');
    expect(document).toBe(withEnvironmentTable(document));
  });
});
