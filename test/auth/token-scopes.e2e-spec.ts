import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AdminError, AuthAdminService } from '../../src/auth/auth-admin.service';
import { TokenScopeGrants1764300900000 } from '../../src/database/migrations/1764300900000-TokenScopeGrants';
import { query } from '../support/database';
import { createCaller } from '../support/factories';
import { products } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const DAY_MS = 86_400_000;
/** A public address given literally: accepted without DNS (the worker is off, nothing is delivered). */
const PUBLIC_URL = 'https://93.184.215.14/hooks/product-directory';

describe('Scopes catalog:replace and webhooks:manage, default token expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: false, config: (c) => ({ ...c, tokenDefaultTtlDays: 7 }) });
  });
  afterAll(() => t.close());

  const subscribe = (auth: string) =>
    authed(t.http, auth)
      .post('/v1/webhooks')
      .send({ url: PUBLIC_URL, events: ['import.done'] });
  const upload = (auth: string, query: string) =>
    authed(t.http, auth)
      .post(`/v1/catalogs/imports?${query}`)
      .attach('file', Buffer.from(JSON.stringify(products(2))), 'catalog.json');

  it('creating and deleting webhooks needs webhooks:manage; accounts--my:rw alone is refused with 403', async () => {
    const writer = await createCaller(t.app, { scopes: ['accounts--my:rw'] });
    const refused = await subscribe(writer.auth).expect(403);
    expect(refused.body).toEqual({ error: { type: 'authorization', message: 'This operation requires the scope webhooks:manage' } });

    const manager = await createCaller(t.app, { scopes: ['webhooks:manage'] });
    const created = await subscribe(manager.auth).expect(201);
    const id = (created.body as { id: string }).id;
    await authed(t.http, writer).delete(`/v1/webhooks/${id}`).expect(403);
    await authed(t.http, manager).delete(`/v1/webhooks/${id}`).expect(204);
  });

  it('a replace import with allow_mass_delete=true needs catalog:replace, refused before anything is stored', async () => {
    const writer = await createCaller(t.app, { scopes: ['accounts--my:rw'] });
    const refused = await upload(writer.auth, 'mode=replace&allow_mass_delete=true').expect(403);
    expect(refused.body).toEqual({ error: { type: 'authorization', message: 'This operation requires the scope catalog:replace' } });
    expect(await query(t.app, 'SELECT id FROM import_jobs WHERE organization_id = $1', [writer.organizationId])).toEqual([]);

    // What rw alone could do stays as it was: a bounded replace, and merge's own answer to the flag.
    await upload(writer.auth, 'mode=replace').expect(202);
    expect((await upload(writer.auth, 'mode=merge&allow_mass_delete=true').expect(422)).body.error.message).toBe(
      'allow_mass_delete applies only to mode=replace',
    );
    const replacer = await createCaller(t.app, { scopes: ['accounts--my:rw', 'catalog:replace'] });
    await upload(replacer.auth, 'mode=replace&allow_mass_delete=true').expect(202);
  });

  it('the migration gives existing read-write tokens both grants, read-only ones nothing, and keeps their expiry', async () => {
    const rw = await createCaller(t.app, { scopes: ['accounts--my:rw'] });
    const ro = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    const both = await createCaller(t.app, { scopes: ['accounts--my:ro', 'accounts--my:rw'] });
    await query(t.app, 'UPDATE personal_access_tokens SET expires_at = NULL WHERE id = ANY($1)', [[rw.tokenId, ro.tokenId, both.tokenId]]);
    const runner = t.app.get(DataSource).createQueryRunner();
    try {
      await new TokenScopeGrants1764300900000().up(runner);
      await new TokenScopeGrants1764300900000().up(runner); // idempotent
    } finally {
      await runner.release();
    }
    const rows = await query<{ id: string; scopes: string[]; expires_at: Date | null }>(
      t.app,
      'SELECT id, scopes, expires_at FROM personal_access_tokens WHERE id = ANY($1)',
      [[rw.tokenId, ro.tokenId, both.tokenId]],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(rw.tokenId)).toEqual({
      id: rw.tokenId,
      scopes: ['accounts--my:rw', 'catalog:replace', 'webhooks:manage'],
      expires_at: null,
    });
    expect(byId.get(ro.tokenId)).toEqual({ id: ro.tokenId, scopes: ['accounts--my:ro'], expires_at: null });
    expect(byId.get(both.tokenId)?.scopes).toEqual(['accounts--my:ro', 'accounts--my:rw', 'catalog:replace', 'webhooks:manage']);
    // So the migrated token keeps doing what it did.
    await subscribe(rw.auth).expect(201);
    await upload(rw.auth, 'mode=replace&allow_mass_delete=true').expect(202);
  });

  it('new tokens expire after TOKEN_DEFAULT_TTL_DAYS unless --expires-at or --no-expiry says otherwise', async () => {
    const admin = t.app.get(AuthAdminService);
    const caller = await createCaller(t.app);
    const before = Date.now();
    const defaulted = await admin.createToken({ accountId: caller.accountId, scopes: ['accounts--my:ro'] });
    const expiresAt = Date.parse(defaulted.expires_at!);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);

    const forever = await admin.createToken({ accountId: caller.accountId, scopes: ['accounts--my:ro'], noExpiry: true });
    expect(forever.expires_at).toBeNull();
    const chosen = new Date(Date.now() + DAY_MS);
    expect((await admin.createToken({ accountId: caller.accountId, scopes: [], expiresAt: chosen })).expires_at).toBe(chosen.toISOString());
    await expect(admin.createToken({ accountId: caller.accountId, scopes: [], expiresAt: chosen, noExpiry: true })).rejects.toThrow(
      AdminError,
    );
  });

  it('lists the tokens of an account without secrets or hashes, newest first', async () => {
    const admin = t.app.get(AuthAdminService);
    const caller = await createCaller(t.app);
    const second = await admin.createToken({
      accountId: caller.accountId,
      scopes: ['accounts--my:ro'],
      name: `second-${randomBytes(2).toString('hex')}`,
    });
    await admin.revokeToken(caller.tokenId);
    const listed = await admin.listTokens(caller.accountId);
    expect(listed.account_id).toBe(caller.accountId);
    expect(listed.tokens.map((token) => token.id)).toEqual([second.id, caller.tokenId]);
    expect(listed.tokens[0]).toEqual({
      id: second.id,
      name: expect.stringMatching(/^second-/),
      scopes: ['accounts--my:ro'],
      created_at: expect.stringMatching(/Z$/),
      expires_at: second.expires_at,
      revoked_at: null,
      last_used_at: null,
    });
    expect(listed.tokens[1].revoked_at).toMatch(/Z$/);
    const text = JSON.stringify(listed);
    expect(text).not.toContain(second.token);
    expect(text).not.toContain(caller.token);
    expect(text).not.toMatch(/hash/i);
    await expect(admin.listTokens(`missing-${randomBytes(4).toString('hex')}`)).rejects.toThrow(AdminError);
  });
});
