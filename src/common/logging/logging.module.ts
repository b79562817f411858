import { DynamicModule, Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppConfig } from '../config/app-config';
import { prettyDestination, resolveLogFormat } from './log-format';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** Paths whose successful requests are not logged (probes and scrapes would drown the rest). */
const QUIET = /^\/(health\/|metrics$)/;

/**
 * Structured JSON logs (pino) with a request id per request: taken from a well-formed
 * X-Request-Id header or generated, and echoed back. Credentials are redacted at the source.
 * LOG_FORMAT decides between JSON and pino-pretty on stdout; an explicit destination (tests) gets JSON.
 */
@Module({})
export class LoggingModule {
  static forRoot(destination?: DestinationStream): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            pinoHttp: [
              {
                level: config.logLevel,
                genReqId: requestId,
                // Lean records: who asked for what and the outcome. Headers are not logged at all
                // (cheaper on every request); redaction stays as a guard should they ever be.
                serializers: { req: serializeRequest, res: serializeResponse },
                redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], censor: '[redacted]' },
                autoLogging: { ignore: (req: IncomingMessage) => QUIET.test(req.url ?? '') },
                customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
                  error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
              },
              destination ?? (resolveLogFormat(config.logFormat, process.stdout.isTTY === true) === 'pretty' ? prettyDestination() : undefined),
            ].filter((x) => x !== undefined) as never,
          }),
        }),
      ],
    };
  }
}

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

function serializeRequest(req: { id: unknown; method: string; url: string; remoteAddress?: string }) {
  return { id: req.id, method: req.method, url: req.url, remoteAddress: req.remoteAddress };
}

function serializeResponse(res: { statusCode: number }) {
  return { statusCode: res.statusCode };
}
