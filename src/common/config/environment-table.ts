import { ENVIRONMENT } from './environment';

/** The lines around the table in docs/configuration.md; what lies between them is generated. */
export const TABLE_BEGIN = '<!-- env-table:begin (generated from src/common/config/environment.ts by `npm run docs:config`) -->';
export const TABLE_END = '<!-- env-table:end -->';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** The Markdown table of every environment variable, one row each, in declaration order. */
export function environmentTable(): string {
  const rows = Object.entries(ENVIRONMENT).map(
    ([name, variable]) => `| \`${name}\` | \`${cell(variable.shownDefault)}\` | ${cell(variable.accepts)} | ${variable.doc} |`,
  );
  return ['| variable | default | accepts | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** `document` with the text between the markers replaced by the current table. */
export function withEnvironmentTable(document: string): string {
  const begin = document.indexOf(TABLE_BEGIN);
  const end = document.indexOf(TABLE_END);
  if (begin < 0 || end < begin) throw new Error(`The document has no ${TABLE_BEGIN} … ${TABLE_END} section`);
  return `${document.slice(0, begin + TABLE_BEGIN.length)}\n${environmentTable()}\n${document.slice(end)}`;
}
