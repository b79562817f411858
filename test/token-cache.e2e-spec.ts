import request from 'supertest';
import { DataSource } from 'typeorm';
import { createCaller } from './support/factories';
import { createTestApp } from './support/test-app';

describe('Token cache', () => {
  it('trusts a cached token without asking PostgreSQL, for at most TOKEN_CACHE_TTL_MS when a change is not announced', async () => {
    const t = await createTestApp({ worker: false, config: (c) => ({ ...c, tokenCacheTtlMs: 500 }) });
    try {
      const caller = await createCaller(t.app);
      const status = () => request(t.http).get('/v1/catalogs/imports').set('Authorization', caller.auth);
      await status().expect(200);
      // A revocation that sends no notification (as when the listener is disconnected): only the TTL ends it.
      await t.app.get(DataSource).query('UPDATE personal_access_tokens SET revoked_at = now() WHERE id = $1', [caller.tokenId]);
      await status().expect(200); // still cached: PostgreSQL was not asked
      await new Promise((resolve) => setTimeout(resolve, 600));
      await status().expect(401);
    } finally {
      await t.close();
    }
  });
});
