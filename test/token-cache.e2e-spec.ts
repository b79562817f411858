import request from 'supertest';
import { AuthAdminService } from '../src/auth/auth-admin.service';
import { createCaller } from './support/factories';
import { createTestApp } from './support/test-app';

describe('Token cache', () => {
  it('refuses a revoked token within TOKEN_CACHE_TTL_MS, not necessarily at once', async () => {
    const t = await createTestApp({ worker: false, config: (c) => ({ ...c, tokenCacheTtlMs: 500 }) });
    try {
      const caller = await createCaller(t.app);
      const status = () => request(t.http).get('/v1/catalogs/imports').set('Authorization', caller.auth);
      await status().expect(200);
      await t.app.get(AuthAdminService).revokeToken(caller.tokenId);
      await status().expect(200); // still cached: PostgreSQL was not asked
      await new Promise((resolve) => setTimeout(resolve, 600));
      await status().expect(401);
    } finally {
      await t.close();
    }
  });
});
