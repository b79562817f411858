import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { SQL_LOG_MAX_CHARS } from '../../src/database/sql-logger';
import { createTestApp, type TestApp } from '../support/test-app';

const SECRET = `whsec_${randomUUID()}`;

/** Everything written to the console meanwhile: where TypeORM's own loggers print. */
function captureConsole(): { text: () => string; restore: () => void } {
  const captured: string[] = [];
  const spies = [
    ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
      jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void captured.push(args.map(String).join(' '))),
    ),
    ...[process.stdout, process.stderr].map((stream) =>
      jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        captured.push(String(chunk));
        return true;
      }),
    ),
  ];
  return { text: () => captured.join('\n'), restore: () => spies.forEach((spy) => spy.mockRestore()) };
}

describe('Failed SQL statements in the logs', () => {
  const logged: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logged.push(chunk.toString());
        callback();
      },
    });
    t = await createTestApp({ worker: false, logDestination: stream });
  });
  afterAll(async () => {
    await t.close();
  });

  it('go through pino with their SQLSTATE and a cut statement, never their parameters (a webhook secret here)', async () => {
    const console = captureConsole();
    try {
      // An organization that does not exist: the insert fails on the foreign key, carrying the secret.
      const insert = t.app.get(DataSource).query(
        `INSERT INTO webhook_subscriptions (id, organization_id, url, events, description, secret)
         VALUES ($1, $2, $3, $4, $5, $6) /* ${'padding '.repeat(100)}*/`,
        [randomUUID(), randomUUID(), 'https://hooks.example.com/x', ['import.done'], null, SECRET],
      );
      await expect(insert).rejects.toMatchObject({ driverError: { code: '23503' } });
      // PostgreSQL quotes this parameter back in its message.
      await expect(t.app.get(DataSource).query('SELECT $1::int', [SECRET])).rejects.toMatchObject({ driverError: { code: '22P02' } });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      console.restore();
      const leaked = console.text().includes(SECRET);
      expect({ secretOnConsole: leaked }).toEqual({ secretOnConsole: false });
    }

    const records = logged
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((record) => record.context === 'TypeORM');
    expect(records.map((record) => [record.level, record.code])).toEqual([
      [50, '23503'],
      [50, '22P02'],
    ]);
    expect(records[0]).toMatchObject({ parameters: 6, msg: expect.stringMatching(/^Query failed: .*violates foreign key constraint/) });
    expect(String(records[0].sql)).toHaveLength(SQL_LOG_MAX_CHARS + 1);
    expect(records[1]).toMatchObject({ msg: 'Query failed: invalid input syntax for type integer: "[parameter]"' });
    expect(logged.join('')).not.toContain(SECRET);
  });
});
