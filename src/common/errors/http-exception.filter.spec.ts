import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Logger,
  NotFoundException,
  UnauthorizedException,
  type ArgumentsHost,
} from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { ConflictError, NotFoundError, UnavailableError, ValidationError } from './api-error';
import { HttpExceptionFilter, WWW_AUTHENTICATE } from './http-exception.filter';

interface Captured {
  status?: number;
  headers: Record<string, string>;
  body?: unknown;
  ended: boolean;
}

function render(exception: unknown, request: { method?: string; path?: string } = {}, headersSent = false): Captured {
  const captured: Captured = { headers: {}, ended: false };
  const response = {
    headersSent,
    status(code: number) {
      captured.status = code;
      return response;
    },
    set(headers: Record<string, string>) {
      Object.assign(captured.headers, headers);
      return response;
    },
    json(body: unknown) {
      captured.body = body;
      return response;
    },
    end() {
      captured.ended = true;
      return response;
    },
  };
  const req = { method: 'GET', path: '/', ...request };
  const host = {
    switchToHttp: () => ({ getResponse: () => response, getRequest: () => req, getNext: () => () => undefined }),
  } as unknown as ArgumentsHost;
  new HttpExceptionFilter().catch(exception, host);
  return captured;
}

/** Asserts the exact ErrorResponse shape and returns the message. */
function expectErrorBody(captured: Captured, status: number, type: string): string {
  expect(captured.status).toBe(status);
  expect(captured.body).toEqual({ error: { type, message: expect.any(String) } });
  const message = (captured.body as { error: { message: string } }).error.message;
  expect(message.length).toBeGreaterThan(0);
  return message;
}

const LEAKS = /\bat \S+ \(|\.ts:\d+|\.js:\d+|node_modules|SELECT|INSERT|UPDATE|DELETE|relation|secret_table|10\.1\.2\.3|password/i;

describe('HttpExceptionFilter', () => {
  let logError: jest.SpyInstance;
  let logWarn: jest.SpyInstance;

  beforeEach(() => {
    logError = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    logWarn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('renders an ApiError with its own type and message', () => {
    const captured = render(new NotFoundError('Import job 3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10 not found'));
    expect(expectErrorBody(captured, 404, 'not_found')).toBe('Import job 3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10 not found');
  });

  it('renders a validation error as 422 validation', () => {
    expect(expectErrorBody(render(new ValidationError('job_id must be a UUID')), 422, 'validation')).toBe('job_id must be a UUID');
  });

  it('answers 401 authentication with the WWW-Authenticate challenge', () => {
    const captured = render(new UnauthorizedException());
    expectErrorBody(captured, 401, 'authentication');
    expect(captured.headers['WWW-Authenticate']).toBe('Basic realm="product-directory"');
    expect(WWW_AUTHENTICATE).toBe('Basic realm="product-directory"');
  });

  it('does not echo what a 401 was raised with', () => {
    const message = expectErrorBody(render(new UnauthorizedException('token pdt_abc of acc_1 is revoked')), 401, 'authentication');
    expect(message).not.toContain('pdt_abc');
  });

  it('adds no challenge to other statuses', () => {
    expect(render(new ForbiddenException()).headers['WWW-Authenticate']).toBeUndefined();
    expect(render(new NotFoundError('x')).headers['WWW-Authenticate']).toBeUndefined();
  });

  it('answers 403 authorization, keeping a specific message', () => {
    const message = expectErrorBody(
      render(new ForbiddenException('This operation requires the scope accounts--my:rw')),
      403,
      'authorization',
    );
    expect(message).toBe('This operation requires the scope accounts--my:rw');
  });

  it("replaces Nest's default 403 message", () => {
    expect(expectErrorBody(render(new ForbiddenException()), 403, 'authorization')).toBe('Forbidden');
  });

  it('renders an unknown route as 404 not_found naming the route', () => {
    const captured = render(new NotFoundException('Cannot DELETE /v1/nope'), { method: 'DELETE', path: '/v1/nope' });
    expect(expectErrorBody(captured, 404, 'not_found')).toBe('Route DELETE /v1/nope not found');
  });

  it('joins class-validator style message arrays', () => {
    const captured = render(new BadRequestException(['limit must be an integer', 'cursor is invalid']));
    expect(expectErrorBody(captured, 400, 'bad_request')).toBe('limit must be an integer; cursor is invalid');
  });

  it.each([
    [HttpStatus.PAYLOAD_TOO_LARGE, 'payload_too_large'],
    [HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'unsupported_media_type'],
    [HttpStatus.TOO_MANY_REQUESTS, 'rate_limited'],
    [HttpStatus.SERVICE_UNAVAILABLE, 'unavailable'],
    [HttpStatus.INTERNAL_SERVER_ERROR, 'internal'],
  ])('maps an HttpException with status %d to type %s', (status, type) => {
    expectErrorBody(render(new HttpException('x', status)), status, type);
  });

  it('answers an unexpected error with 500 internal and a message that leaks nothing', () => {
    const error = new Error('duplicate key in SELECT password FROM secret_table at 10.1.2.3');
    const captured = render(error);
    const message = expectErrorBody(captured, 500, 'internal');
    expect(message).not.toMatch(LEAKS);
    expect(JSON.stringify(captured.body)).not.toContain('secret_table');
    expect(logError).toHaveBeenCalled();
  });

  it('hides the SQL of a failed query', () => {
    const driverError = Object.assign(new Error('relation "secret_table" does not exist'), { code: '42P01' });
    const captured = render(new QueryFailedError('SELECT * FROM secret_table WHERE password = $1', ['hunter2'], driverError));
    const message = expectErrorBody(captured, 500, 'internal');
    expect(message).not.toMatch(LEAKS);
    expect(JSON.stringify(captured.body)).not.toContain('hunter2');
  });

  it('answers something thrown that is not an Error with 500 internal', () => {
    expectErrorBody(render('boom'), 500, 'internal');
    expectErrorBody(render(undefined), 500, 'internal');
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), { code: 'ECONNREFUSED' })],
    ['a PostgreSQL connection exception', Object.assign(new Error('terminating connection'), { code: '57P01' })],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
  ])('answers %s with 503 unavailable and Retry-After, leaking no address', (_label, error) => {
    const captured = render(error);
    const message = expectErrorBody(captured, 503, 'unavailable');
    expect(message).not.toMatch(LEAKS);
    expect(captured.headers['Retry-After']).toBe('5');
    expect(logWarn).toHaveBeenCalled();
  });

  it('renders a ConflictError as 409 conflict, with Retry-After in whole seconds only when given', () => {
    const waiting = render(new ConflictError('An import of your organization is running', 2.2));
    expect(expectErrorBody(waiting, 409, 'conflict')).toBe('An import of your organization is running');
    expect(waiting.headers['Retry-After']).toBe('3');
    expect(render(new ConflictError('Import job x already finished')).headers['Retry-After']).toBeUndefined();
    expectErrorBody(render(new HttpException('Conflict', HttpStatus.CONFLICT)), 409, 'conflict');
  });

  it('keeps the Retry-After of an UnavailableError', () => {
    const captured = render(new UnavailableError());
    expectErrorBody(captured, 503, 'unavailable');
    expect(captured.headers['Retry-After']).toBe('5');
  });

  it('trusts the 4xx status of an exposed middleware error, with a generic message', () => {
    const parserError = Object.assign(new Error('Unexpected token } in JSON at position 12'), { status: 400, expose: true });
    expect(expectErrorBody(render(parserError), 400, 'bad_request')).toBe('Malformed request');
    const tooLarge = Object.assign(new Error('request entity too large'), { statusCode: 413, expose: true });
    expect(expectErrorBody(render(tooLarge), 413, 'payload_too_large')).toBe('Request body too large');
  });

  it('does not trust a status that is not exposed or not 4xx', () => {
    expectErrorBody(render(Object.assign(new Error('secret_table'), { status: 400, expose: false })), 500, 'internal');
    expectErrorBody(render(Object.assign(new Error('secret_table'), { status: 502, expose: true })), 500, 'internal');
  });

  it('only ends the response when headers were already sent', () => {
    const captured = render(new NotFoundError('x'), {}, true);
    expect(captured.ended).toBe(true);
    expect(captured.status).toBeUndefined();
    expect(captured.body).toBeUndefined();
  });
});
