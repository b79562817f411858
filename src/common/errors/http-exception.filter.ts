import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response, Request } from 'express';
import { ApiError } from './api-error';
import { isUnavailableError } from './connection-errors';
import type { ErrorType } from './error-response.dto';
import { errorTypeForStatus } from './error-type';

export const WWW_AUTHENTICATE = 'Basic realm="product-directory"';

interface RenderedError {
  status: number;
  type: ErrorType;
  message: string;
  headers: Record<string, string>;
}

/**
 * Renders every error — ours, Nest's, Express body-parser's, unexpected ones — as ErrorResponse.
 * Unexpected errors are logged with their stack and answered with a message that leaks nothing.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const request = host.switchToHttp().getRequest<Request>();
    const rendered = this.render(exception, request);
    if (response.headersSent) {
      response.end();
      return;
    }
    if (rendered.status === 401) rendered.headers['WWW-Authenticate'] = WWW_AUTHENTICATE;
    response
      .status(rendered.status)
      .set(rendered.headers)
      .json({ error: { type: rendered.type, message: rendered.message } });
  }

  private render(exception: unknown, request: Request): RenderedError {
    if (exception instanceof ApiError) {
      return { status: exception.getStatus(), type: exception.type, message: messageOf(exception), headers: { ...exception.headers } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return { status, type: errorTypeForStatus(status), message: this.httpMessage(exception, status, request), headers: {} };
    }
    const status = statusOfMiddlewareError(exception);
    if (status !== undefined) {
      return { status, type: errorTypeForStatus(status), message: middlewareMessage(status), headers: {} };
    }
    if (isUnavailableError(exception)) {
      this.logger.warn(`Backing service unavailable: ${(exception as Error).message}`);
      return {
        status: 503,
        type: 'unavailable',
        message: 'A backing service is unavailable; retry shortly',
        headers: { 'Retry-After': '5' },
      };
    }
    this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    return { status: 500, type: 'internal', message: 'An unexpected error occurred', headers: {} };
  }

  private httpMessage(exception: HttpException, status: number, request: Request): string {
    if (status === HttpStatus.NOT_FOUND && /^Cannot [A-Z]+ /.test(exception.message)) {
      return `Route ${request.method} ${request.path} not found`;
    }
    if (status === HttpStatus.UNAUTHORIZED) return 'Missing or invalid credentials';
    if (status === HttpStatus.FORBIDDEN) return exception.message === 'Forbidden resource' ? 'Forbidden' : exception.message;
    return messageOf(exception);
  }
}

function messageOf(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const nested = (body as { error?: { message?: unknown } }).error?.message;
  if (typeof nested === 'string') return nested;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/** Express/body-parser errors carry `status`/`statusCode` and `expose`; only those are trusted. */
function statusOfMiddlewareError(exception: unknown): number | undefined {
  if (typeof exception !== 'object' || exception === null) return undefined;
  const { status, statusCode, expose } = exception as { status?: unknown; statusCode?: unknown; expose?: unknown };
  const code = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : undefined;
  return code !== undefined && expose === true && code >= 400 && code < 500 ? code : undefined;
}

function middlewareMessage(status: number): string {
  switch (status) {
    case 413:
      return 'Request body too large';
    case 415:
      return 'Unsupported content type';
    default:
      return 'Malformed request';
  }
}
