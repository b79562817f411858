import request from 'supertest';
import { createTestApp, type TestApp } from '../support/test-app';

describe('SWAGGER_ENABLED', () => {
  let on: TestApp;
  let off: TestApp;

  beforeAll(async () => {
    on = await createTestApp({ worker: false });
    off = await createTestApp({ worker: false, config: (c) => ({ ...c, swaggerEnabled: false }) });
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  it('serves Swagger UI and the document by default', async () => {
    expect(on.config.swaggerEnabled).toBe(true);
    await request(on.http).get('/docs/').expect(200).expect('Content-Type', /html/);
    await request(on.http).get('/docs-json').expect(200).expect('Content-Type', /json/);
  });

  it('answers /docs and /docs-json 404 with the ErrorResponse shape when off, and the API still works', async () => {
    for (const path of ['/docs', '/docs/', '/docs-json']) {
      const response = await request(off.http).get(path).expect(404);
      expect(response.body).toEqual({ error: { type: 'not_found', message: expect.stringMatching(/not found/) } });
    }
    await request(off.http).get('/health/live').expect(200);
    await request(off.http).get('/v1/catalogs/products').expect(401);
  });
});
