import type { DestinationStream } from 'pino';
import type { AppConfig } from '../config/app-config';

export type LogFormat = AppConfig['logFormat'];

/** `auto` means pretty for a person at a terminal and JSON for everything else (pipes, files, containers). */
export function resolveLogFormat(format: LogFormat, stdoutIsTTY: boolean): 'json' | 'pretty' {
  return format === 'auto' ? (stdoutIsTTY ? 'pretty' : 'json') : format;
}

interface LogRecord {
  [key: string]: unknown;
  context?: unknown;
  req?: { id?: unknown; method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
}

/** One readable line per record: `[Context] message`, and `GET /path 200 3 ms (request id)` for requests. */
export function prettyMessage(log: LogRecord, messageKey: string): string {
  const context = typeof log.context === 'string' ? `[${log.context}] ` : '';
  if (log.req && log.res) {
    const time = typeof log.responseTime === 'number' ? ` ${log.responseTime} ms` : '';
    return `${context}${String(log.req.method)} ${String(log.req.url)} ${String(log.res.statusCode)}${time} (${String(log.req.id)})`;
  }
  return `${context}${String(log[messageKey] ?? '')}`;
}

/**
 * pino-pretty as an in-process stream on stdout. Loaded only when wanted, so a JSON deployment never
 * requires it; in-process rather than a worker-thread transport, because a development server's log
 * volume does not need a thread and its output then keeps the order of the calls.
 */
export function prettyDestination(): DestinationStream {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see above
  const { build } = require('pino-pretty') as typeof import('pino-pretty');
  return build({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,req,res,responseTime',
    messageFormat: (log, messageKey) => prettyMessage(log as LogRecord, messageKey),
  });
}
