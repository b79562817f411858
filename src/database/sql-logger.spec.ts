import { PinoSqlLogger, SQL_LOG_MAX_CHARS, type SqlLogSink } from './sql-logger';

function recorder() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  const at =
    (level: string) =>
    (fields: object, message: string): void => {
      lines.push({ level, fields: fields as Record<string, unknown>, message });
    };
  const sink: SqlLogSink = { error: at('error'), warn: at('warn'), debug: at('debug') };
  return { lines, sink };
}

const SECRET = 'whsec_do-not-log-me-0123456789';

describe('PinoSqlLogger', () => {
  it('logs a failed statement with its SQLSTATE, the parameter count and the text cut short, never the parameters', () => {
    const { lines, sink } = recorder();
    const statement = `INSERT INTO webhook_subscriptions (secret) VALUES ($1) /* ${'x'.repeat(1_000)} */`;
    const error = Object.assign(new Error('insert or update on table "webhook_subscriptions" violates foreign key constraint'), {
      code: '23503',
    });

    new PinoSqlLogger(sink).logQueryError(error, statement, [SECRET, Buffer.alloc(1024, 1)]);

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      fields: { context: 'TypeORM', code: '23503', parameters: 2 },
      message: 'Query failed: insert or update on table "webhook_subscriptions" violates foreign key constraint',
    });
    expect(String(lines[0].fields.sql)).toHaveLength(SQL_LOG_MAX_CHARS + 1);
    expect(String(lines[0].fields.sql)).toMatch(/^INSERT INTO webhook_subscriptions \(secret\) VALUES \(\$1\)/);
    expect(JSON.stringify(lines)).not.toContain(SECRET);
  });

  it("hides a parameter that PostgreSQL's message quotes back", () => {
    const { lines, sink } = recorder();
    new PinoSqlLogger(sink).logQueryError(`invalid input syntax for type integer: "${SECRET}"`, 'SELECT $1::int', [SECRET]);
    expect(lines[0].message).toBe('Query failed: invalid input syntax for type integer: "[parameter]"');
  });

  it('stays silent for successful statements and logs slow ones without parameters', () => {
    const { lines, sink } = recorder();
    const logger = new PinoSqlLogger(sink);
    logger.logQuery();
    expect(lines).toEqual([]);
    logger.logQuerySlow(1_500, 'SELECT * FROM products WHERE organization_id = $1', [SECRET]);
    expect(lines).toEqual([
      { level: 'warn', fields: { context: 'TypeORM', ms: 1_500, sql: 'SELECT * FROM products WHERE organization_id = $1', parameters: 1 }, message: 'Slow query' },
    ]);
  });
});
