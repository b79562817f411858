import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createCaller } from '../support/factories';
import { createTestApp } from '../support/test-app';
import { authed } from '../support/authed';

describe('OpenAPI document and BASE_PATH', () => {
  it('serves at /docs-json exactly the committed openapi.json (run `npm run openapi` when this fails)', async () => {
    const t = await createTestApp({ worker: false });
    try {
      const served = await request(t.http).get('/docs-json').expect(200);
      const committed = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8'));
      expect(served.body).toEqual(committed);
      expect(served.body.info.version).toBe('1.0.0');
      expect(served.body.components.securitySchemes.PersonalAccessToken).toMatchObject({ type: 'http', scheme: 'basic' });
      const status = served.body.paths['/v1/catalogs/imports/{job_id}'].get;
      expect(status.operationId).toBe('check-import-status');
      expect(Object.keys(status.responses).sort()).toEqual(expect.arrayContaining(['200', '401', '404', '422']));
      const uploadOp = served.body.paths['/v1/catalogs/imports'].post;
      expect(uploadOp.operationId).toBe('upload-product-catalog');
      expect(uploadOp.requestBody.content['multipart/form-data']).toBeDefined();
      // One optional, described Idempotency-Key: no second, required, lower-case twin (Swagger UI refused to send without it).
      const headers = (uploadOp.parameters as Array<{ name: string; in: string }>).filter((parameter) => parameter.in === 'header');
      expect(headers).toEqual([
        expect.objectContaining({
          name: 'Idempotency-Key',
          required: false,
          description: expect.stringMatching(/SHA-256/),
          schema: expect.objectContaining({ maxLength: 255 }),
        }),
      ]);
      // The lifecycle's query options, optional, beside it.
      expect(uploadOp.parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'mode', in: 'query', required: false }),
          expect.objectContaining({ name: 'allow_mass_delete', in: 'query', required: false }),
        ]),
      );
      expect(uploadOp.description).toContain('[Product](#model-Product)');
      expect(uploadOp.responses['202'].headers).toHaveProperty('Location');
      const tagNames = served.body.tags.map((tag: { name: string; description: string }) => tag.description && tag.name);
      for (const path of Object.values<Record<string, { tags: string[] }>>(served.body.paths)) {
        for (const operation of Object.values(path)) expect(tagNames).toEqual(expect.arrayContaining(operation.tags));
      }
      for (const path of Object.values<Record<string, { description?: string; parameters?: Array<Record<string, unknown>> }>>(
        served.body.paths,
      )) {
        for (const operation of Object.values(path)) {
          expect(operation.description).toEqual(expect.stringMatching(/\w/));
          // Described, and no example: Swagger UI would pre-fill "Try it out" with it.
          for (const parameter of operation.parameters ?? [])
            expect(parameter).toEqual(expect.objectContaining({ description: expect.stringMatching(/\w/) }));
          for (const parameter of operation.parameters ?? []) expect(parameter).not.toHaveProperty('example');
        }
      }
      expect(served.body.info.license.name).toMatch(/UNLICENSED/);
      const q = served.body.paths['/v1/catalogs/products'].get.parameters.find((p: { name: string }) => p.name === 'q');
      expect(q).not.toHaveProperty('example'); // an example would pre-fill "Try it out" and filter every listing
      expect(q.schema).not.toHaveProperty('example');
      for (const path of Object.values<Record<string, { security?: unknown }>>(served.body.paths)) {
        for (const operation of Object.values(path)) expect(operation.security).toEqual([{ PersonalAccessToken: [] }]);
      }
      const page = await request(t.http).get('/docs').expect(200).expect('Content-Type', /html/);
      expect(page.text).toContain('<title>Product Directory Service</title>');
      const init = await request(t.http).get('/docs/swagger-ui-init.js').expect(200);
      expect(init.text).toMatch(/"persistAuthorization": false/);
    } finally {
      await t.close();
    }
  });

  it('mounts routes, docs and the servers entry under BASE_PATH; health stays at the root', async () => {
    const t = await createTestApp({ worker: false, config: (c) => ({ ...c, basePath: '/catalog-api' }) });
    try {
      const caller = await createCaller(t.app);
      const missing = '6f1c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10';
      await authed(t.http, caller).get(`/catalog-api/v1/catalogs/imports/${missing}`).expect(404);
      await authed(t.http, caller)
        .get(`/v1/catalogs/imports/${missing}`)
        .expect(404, /Route GET/);
      const doc = await request(t.http).get('/catalog-api/docs-json').expect(200);
      expect(doc.body.servers).toEqual([{ url: '/catalog-api', description: 'This server' }]);
      expect(Object.keys(doc.body.paths)).toContain('/v1/catalogs/imports/{job_id}');
      const uploaded = await authed(t.http, caller)
        .post('/catalog-api/v1/catalogs/imports')
        .attach('file', Buffer.from('[]'), 'a.json')
        .expect(202);
      expect(uploaded.headers.location).toBe(`/catalog-api/v1/catalogs/imports/${uploaded.body.job_id}`);
      await request(t.http).get('/health/live').expect(200);
    } finally {
      await t.close();
    }
  });

  it('lets Swagger UI keep credentials in localStorage only when SWAGGER_PERSIST_AUTH=true', async () => {
    const t = await createTestApp({ worker: false, config: (c) => ({ ...c, swaggerPersistAuthorization: true }) });
    try {
      const init = await request(t.http).get('/docs/swagger-ui-init.js').expect(200);
      expect(init.text).toMatch(/"persistAuthorization": true/);
    } finally {
      await t.close();
    }
  });
});
