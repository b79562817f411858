import type { Logger as TypeOrmLogger } from 'typeorm';

/** The pino methods TypeORM's messages are written through (a pino Logger or nestjs-pino's PinoLogger). */
export interface SqlLogSink {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  debug(fields: object, message: string): void;
}

/** Statements are logged up to this many characters: enough to recognise one, never a payload. */
export const SQL_LOG_MAX_CHARS = 300;

/** Parameters shorter than this are too common to be worth hiding in a message (and would mangle it). */
const MIN_HIDDEN_PARAMETER_CHARS = 4;

/**
 * TypeORM's log, written through pino without query parameters: they carry webhook secrets,
 * catalog data and file chunks. A failed statement is logged with its SQLSTATE, its text cut to
 * SQL_LOG_MAX_CHARS and the parameter count; a parameter quoted back in PostgreSQL's message
 * (`invalid input syntax for type integer: "…"`) is replaced there too. Successful statements are
 * not logged (TypeORM hands every one to a custom logger, whatever `logging` says).
 */
export class PinoSqlLogger implements TypeOrmLogger {
  constructor(private readonly sink: SqlLogSink) {}

  logQuery(): void {
    // Every statement passes here: deliberately nothing.
  }

  logQueryError(error: string | Error, query: string, parameters?: unknown[] | object): void {
    const message = typeof error === 'string' ? error : error.message;
    const code = typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
    this.sink.error(
      { context: 'TypeORM', code: typeof code === 'string' ? code : undefined, sql: clip(query), parameters: countOf(parameters) },
      `Query failed: ${hideParameters(message, parameters)}`,
    );
  }

  logQuerySlow(time: number, query: string, parameters?: unknown[] | object): void {
    this.sink.warn({ context: 'TypeORM', ms: time, sql: clip(query), parameters: countOf(parameters) }, 'Slow query');
  }

  logSchemaBuild(message: string): void {
    this.sink.debug({ context: 'TypeORM' }, message);
  }

  logMigration(message: string): void {
    this.sink.debug({ context: 'TypeORM' }, message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    const text = typeof message === 'string' ? message : String(message);
    if (level === 'warn') this.sink.warn({ context: 'TypeORM' }, text);
    else this.sink.debug({ context: 'TypeORM' }, text);
  }
}

function clip(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length <= SQL_LOG_MAX_CHARS ? flat : `${flat.slice(0, SQL_LOG_MAX_CHARS)}…`;
}

function countOf(parameters: unknown[] | object | undefined): number {
  if (!parameters) return 0;
  return Array.isArray(parameters) ? parameters.length : Object.keys(parameters).length;
}

function hideParameters(message: string, parameters: unknown[] | object | undefined): string {
  if (!parameters) return message;
  let hidden = message;
  for (const value of Object.values(parameters)) {
    const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : null;
    if (text !== null && text.length >= MIN_HIDDEN_PARAMETER_CHARS && hidden.includes(text)) hidden = hidden.split(text).join('[parameter]');
  }
  return hidden;
}
