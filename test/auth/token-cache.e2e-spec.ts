import request from 'supertest';
import { DataSource } from 'typeorm';
import { createCaller } from '../support/factories';
import { createTestApp } from '../support/test-app';

/** Long enough that the request right after the revocation is still inside it on a loaded machine. */
const TTL_MS = 3_000;

describe('Token cache', () => {
  it('trusts a cached token without asking PostgreSQL, for at most TOKEN_CACHE_TTL_MS when a change is not announced', async () => {
    const t = await createTestApp({ worker: false, config: (c) => ({ ...c, tokenCacheTtlMs: TTL_MS }) });
    try {
      const caller = await createCaller(t.app);
      const status = () => request(t.http).get('/v1/catalogs/imports').set('Authorization', caller.auth);
      const cachedAt = Date.now();
      await status().expect(200);
      // A revocation that sends no notification (as when the listener is disconnected): only the TTL ends it.
      await t.app.get(DataSource).query('UPDATE personal_access_tokens SET revoked_at = now() WHERE id = $1', [caller.tokenId]);
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
