import type { OpenAPIObject } from '@nestjs/swagger';
import { addRateLimitHeaders, allowNullReferences, composeSchema } from './document-fixes';

function documentWith(paths: OpenAPIObject['paths'], schemas: Record<string, unknown> = {}): OpenAPIObject {
  return { openapi: '3.0.0', info: { title: 't', version: '1' }, paths, components: { schemas } } as OpenAPIObject;
}

describe('addRateLimitHeaders', () => {
  it('adds X-RateLimit-* to the 2xx answers of secured operations only, keeping their own headers', () => {
    const document = documentWith({
      '/secured': {
        post: {
          security: [{ Token: [] }],
          responses: { '202': { description: 'ok', headers: { Location: { description: 'job' } } }, '404': { description: 'no' } },
        },
      },
      '/open': { get: { responses: { '200': { description: 'ok' } } } },
    });
    addRateLimitHeaders(document, 'Token');
    const secured = document.paths['/secured'].post?.responses as Record<string, { headers?: Record<string, unknown> }>;
    expect(Object.keys(secured['202'].headers ?? {}).sort()).toEqual([
      'Location',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
    expect(secured['404'].headers).toBeUndefined();
    expect((document.paths['/open'].get?.responses['200'] as { headers?: unknown }).headers).toBeUndefined();
  });
});

describe('composeSchema', () => {
  it('rewrites a flattened subclass schema as allOf [base, its own properties]', () => {
    const document = documentWith(
      {},
      {
        Base: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        Child: {
          type: 'object',
          description: 'stored',
          properties: { id: { type: 'string' }, created_at: { type: 'string' } },
          required: ['id', 'created_at'],
        },
      },
    );
    composeSchema(document, 'Child', 'Base');
    expect(document.components?.schemas?.Child).toEqual({
      description: 'stored',
      allOf: [
        { $ref: '#/components/schemas/Base' },
        { type: 'object', properties: { created_at: { type: 'string' } }, required: ['created_at'] },
      ],
    });
  });

  it('refuses a schema it cannot compose instead of writing a wrong document', () => {
    expect(() => composeSchema(documentWith({}, { Base: { type: 'object', properties: {} } }), 'Missing', 'Base')).toThrow(/Missing/);
  });
});

describe('allowNullReferences', () => {
  it('rewrites a nullable allOf reference as anyOf [reference, null] and leaves other properties alone', () => {
    const ref = { $ref: '#/components/schemas/Failure' };
    const document = documentWith(
      {},
      {
        Report: {
          type: 'object',
          properties: {
            failure: { type: 'object', nullable: true, description: 'why', example: null, allOf: [ref] },
            job: { allOf: [ref] },
            note: { type: 'string', nullable: true },
          },
        },
      },
    );
    allowNullReferences(document);
    const properties = (document.components?.schemas?.Report as { properties: Record<string, unknown> }).properties;
    expect(properties.failure).toEqual({
      type: 'object',
      nullable: true,
      description: 'why',
      example: null,
      anyOf: [ref, { type: 'object', nullable: true, enum: [null] }],
    });
    expect(properties.job).toEqual({ allOf: [ref] });
    expect(properties.note).toEqual({ type: 'string', nullable: true });
  });
});
