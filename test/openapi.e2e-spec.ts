import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { createCaller } from './support/factories';
import { createTestApp } from './support/test-app';

describe('OpenAPI document and BASE_PATH', () => {
  it('serves at /docs-json exactly the committed openapi.json (run `npm run openapi` when this fails)', async () => {
    const t = await createTestApp({ worker: false });
    try {
      const served = await request(t.http).get('/docs-json').expect(200);
      const committed = JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8'));
      expect(served.body).toEqual(committed);
      expect(served.body.info.version).toBe('1.0.0');
      expect(served.body.components.securitySchemes.PersonalAccessToken).toMatchObject({ type: 'http', scheme: 'basic' });
      const status = served.body.paths['/v1/catalogs/imports/{job_id}'].get;
      expect(status.operationId).toBe('check-import-status');
      expect(Object.keys(status.responses).sort()).toEqual(expect.arrayContaining(['200', '401', '404', '422']));
      const uploadOp = served.body.paths['/v1/catalogs/imports'].post;
      expect(uploadOp.operationId).toBe('upload-product-catalog');
      expect(uploadOp.requestBody.content['multipart/form-data']).toBeDefined();
      for (const path of Object.values<Record<string, { security?: unknown }>>(served.body.paths)) {
        for (const operation of Object.values(path)) expect(operation.security).toEqual([{ PersonalAccessToken: [] }]);
      }
      await request(t.http).get('/docs').expect(200).expect('Content-Type', /html/);
    } finally {
      await t.close();
    }
  });

  it('mounts routes, docs and the servers entry under BASE_PATH; health stays at the root', async () => {
    const t = await createTestApp({ worker: false, config: (c) => ({ ...c, basePath: '/catalog-api' }) });
    try {
      const caller = await createCaller(t.app);
      const missing = '6f1c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10';
      await request(t.http).get(`/catalog-api/v1/catalogs/imports/${missing}`).set('Authorization', caller.auth).expect(404);
      await request(t.http)
        .get(`/v1/catalogs/imports/${missing}`)
        .set('Authorization', caller.auth)
        .expect(404, /Route GET/);
      const doc = await request(t.http).get('/catalog-api/docs-json').expect(200);
      expect(doc.body.servers).toEqual([expect.objectContaining({ url: '/catalog-api' })]);
      expect(Object.keys(doc.body.paths)).toContain('/v1/catalogs/imports/{job_id}');
      const uploaded = await request(t.http)
        .post('/catalog-api/v1/catalogs/imports')
        .set('Authorization', caller.auth)
        .attach('file', Buffer.from('[]'), 'a.json')
        .expect(202);
      expect(uploaded.headers.location).toBe(`/catalog-api/v1/catalogs/imports/${uploaded.body.job_id}`);
      await request(t.http).get('/health/live').expect(200);
    } finally {
      await t.close();
    }
  });
});
