import { AUTH_ERRORS, missingScopeExample } from '../auth/auth-error-examples';
import { CATALOG_ERRORS } from '../catalog/catalog-error-examples';
import { SYNONYM_ERRORS } from '../catalog/synonyms/synonym-error-examples';
import { IMPORT_ERRORS } from '../imports/http/imports-error-examples';
import { UCP_ERRORS } from '../ucp/ucp-error-examples';
import { WEBHOOK_ERRORS } from '../webhooks/webhooks-error-examples';
import { ApiErrors } from './api-errors.decorator';
import { ERROR_EXAMPLES, exampleName, registeredExamples, type ErrorExample } from './error-examples';

type Responses = Record<string, { description: string; headers?: Record<string, unknown>; examples: Record<string, { value: unknown }> }>;

/** Where @nestjs/swagger keeps a handler's responses (its DECORATORS.API_RESPONSE, not exported). */
const API_RESPONSE = 'swagger/apiResponse';

function responsesOf(handler: object): Responses {
  return Reflect.getMetadata(API_RESPONSE, handler) as Responses;
}

describe('ApiErrors', () => {
  const { not_found, rate_limited } = IMPORT_ERRORS;
  const validation = { ...ERROR_EXAMPLES.validation, ...IMPORT_ERRORS.validation };

  it('documents each status once, with every case as a named example of the exact body', () => {
    class Controller {
      @ApiErrors(validation.jobId, not_found.importJob, validation.limit)
      handler(): void {}
    }
    const responses = responsesOf(Controller.prototype.handler);
    expect(Object.keys(responses).sort()).toEqual(['404', '422']);
    expect(responses['422'].examples).toEqual({
      'validation.jobId': { summary: validation.jobId.summary, value: { error: { type: 'validation', message: 'job_id must be a UUID' } } },
      'validation.limit': {
        summary: validation.limit.summary,
        value: { error: { type: 'validation', message: 'limit must be an integer from 1 to 100' } },
      },
    });
    expect(responses['404'].description).toBe(`${not_found.importJob.summary}.`);
    expect(responses['404'].headers).toBeUndefined();
  });

  it('adds up when used twice on one route, whatever the order (the route and @RequireScopes)', () => {
    class Controller {
      @ApiErrors(rate_limited.uploadsPerAccount)
      @ApiErrors(AUTH_ERRORS.rate_limited.account, missingScopeExample(['accounts--my:rw']))
      handler(): void {}
    }
    const responses = responsesOf(Controller.prototype.handler);
    expect(Object.keys(responses['429'].examples).sort()).toEqual(['rate_limited.account', 'rate_limited.uploadsPerAccount']);
    expect(responses['429'].description).toContain(AUTH_ERRORS.rate_limited.account.summary);
    expect(responses['429'].description).toContain(rate_limited.uploadsPerAccount.summary);
    expect(responses['429'].headers).toHaveProperty('Retry-After');
    expect(responses['403'].examples).toEqual({
      'authorization.403': expect.objectContaining({
        value: { error: { type: 'authorization', message: 'This operation requires the scope accounts--my:rw' } },
      }),
    });
  });

  it('declares WWW-Authenticate on 401 and Retry-After on 503', () => {
    class Controller {
      @ApiErrors(AUTH_ERRORS.authentication.invalidCredentials, ERROR_EXAMPLES.unavailable.backingService)
      handler(): void {}
    }
    const responses = responsesOf(Controller.prototype.handler);
    expect(responses['401'].headers).toEqual({ 'WWW-Authenticate': expect.objectContaining({ schema: expect.anything() }) });
    expect(responses['503'].headers).toHaveProperty('Retry-After');
  });
});

describe('the error example tables', () => {
  const tables = [ERROR_EXAMPLES, AUTH_ERRORS, CATALOG_ERRORS, SYNONYM_ERRORS, IMPORT_ERRORS, UCP_ERRORS, WEBHOOK_ERRORS];

  it('gives every example a distinct name across the features, and a distinct message within its table', () => {
    const all = registeredExamples();
    const examplesOf = (table: object) => Object.values(table).flatMap((group: object) => Object.values(group) as ErrorExample[]);
    expect(all.length).toBe(tables.flatMap(examplesOf).length);
    for (const table of tables) {
      const messages = examplesOf(table).map((example) => example.message);
      expect(new Set(messages).size).toBe(messages.length);
    }
    const names = all.map((example) => exampleName(example));
    expect(new Set(names).size).toBe(names.length);
    for (const example of all) expect(example.message.length).toBeGreaterThan(0);
    expect(IMPORT_ERRORS.payload_too_large.file.message).toBe('The file exceeds 52,428,800 bytes (50 MiB)');
  });
});
