import { DataSource } from 'typeorm';
import { createCaller } from '../support/factories';
import { createTestApp } from '../support/test-app';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';

/** Long enough that the request right after the revocation is still inside it on a loaded machine. */
const TTL_MS = 3_000;

describe('Token cache', () => {
  it('trusts a cached token without asking PostgreSQL, for at most TOKEN_CACHE_TTL_MS when a change is not announced', async () => {
    const t = await createTestApp({ worker: false, config: (c) => ({ ...c, tokenCacheTtlMs: TTL_MS }) });
    try {
      const caller = await createCaller(t.app);
      const status = () => authed(t.http, caller).get('/v1/catalogs/imports');
      const cachedAt = Date.now();
      await status().expect(200);
      // A revocation that sends no notification (as when the listener is disconnected): only the TTL ends it.
      await t.app.get(DataSource).query('UPDATE personal_access_tokens SET revoked_at = now() WHERE id = $1', [caller.tokenId]);
      await status().expect(200); // still cached: PostgreSQL was not asked
      // Poll until the cache entry expires; the refusal must come once TTL_MS has passed (plus slack for a slow machine).
      const answer = await eventually(
        'the cached token to expire',
        async () => {
          const { status: code } = await status();
          return code !== 200 && code;
        },
        { timeoutMs: cachedAt + TTL_MS + 10_000 - Date.now(), intervalMs: 100 },
      );
      expect(answer).toBe(401);
    } finally {
      await t.close();
    }
  });
});
