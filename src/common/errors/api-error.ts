import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorType } from './error-response.dto';

/** An HttpException that carries its ErrorResponse type explicitly. */
export class ApiError extends HttpException {
  constructor(
    status: HttpStatus,
    readonly type: ErrorType,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super({ error: { type, message } }, status);
  }
}

export class NotFoundError extends ApiError {
  constructor(message: string) {
    super(HttpStatus.NOT_FOUND, 'not_found', message);
  }
}

/** 403 `authorization`: the credentials are valid but may not do this. */
export class ForbiddenError extends ApiError {
  constructor(message: string) {
    super(HttpStatus.FORBIDDEN, 'authorization', message);
  }
}

export class ValidationError extends ApiError {
  constructor(message: string) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, 'validation', message);
  }
}

/** 409 `conflict`: the resource's state forbids the request now; Retry-After when waiting may help. */
export class ConflictError extends ApiError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(
      HttpStatus.CONFLICT,
      'conflict',
      message,
      retryAfterSeconds === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    );
  }
}

export class BadRequestError extends ApiError {
  constructor(message: string) {
    super(HttpStatus.BAD_REQUEST, 'bad_request', message);
  }
}

export class PayloadTooLargeError extends ApiError {
  constructor(message: string) {
    super(HttpStatus.PAYLOAD_TOO_LARGE, 'payload_too_large', message);
  }
}

export class UnsupportedMediaTypeError extends ApiError {
  constructor(message: string) {
    super(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'unsupported_media_type', message);
  }
}

export class UnavailableError extends ApiError {
  constructor(message = 'A backing service is unavailable; retry shortly') {
    super(HttpStatus.SERVICE_UNAVAILABLE, 'unavailable', message, { 'Retry-After': '5' });
  }
}

/** 429 `rate_limited` with Retry-After in whole seconds. */
export class RateLimitedError extends ApiError {
  constructor(message: string, retryAfterSeconds: number) {
    super(HttpStatus.TOO_MANY_REQUESTS, 'rate_limited', message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

/** 408 `bad_request`: the request body arrived too slowly; the connection is closed after the answer. */
export class RequestTimeoutError extends ApiError {
  constructor(message: string) {
    super(HttpStatus.REQUEST_TIMEOUT, 'bad_request', message, { Connection: 'close' });
  }
}
