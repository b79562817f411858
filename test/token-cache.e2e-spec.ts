import request from 'supertest';
import { AuthAdminService } from '../src/auth/auth-admin.service';
import { createCaller } from './support/factories';
import { createTestApp } from './support/test-app';

/** Long enough that the request right after the revocation is still inside it on a loaded machine. */
const TTL_MS = 3_000;

describe('Token cache', () => {
  it('refuses a revoked token within TOKEN_CACHE_TTL_MS, not necessarily at once', async () => {
    const t = await createTestApp({ worker: false, config: (c) => ({ ...c, tokenCacheTtlMs: TTL_MS }) });
    try {
      const caller = await createCaller(t.app);
      const status = () => request(t.http).get('/v1/catalogs/imports').set('Authorization', caller.auth);
      const cachedAt = Date.now();
      await status().expect(200);
      await t.app.get(AuthAdminService).revokeToken(caller.tokenId);
      await status().expect(200); // still cached: PostgreSQL was not asked
      // Poll until the cache entry expires; the refusal must come once TTL_MS has passed (plus slack for a slow machine).
      let answer = 200;
      while (answer === 200 && Date.now() - cachedAt < TTL_MS + 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        answer = (await status()).status;
      }
      expect(answer).toBe(401);
    } finally {
      await t.close();
    }
  });
});
