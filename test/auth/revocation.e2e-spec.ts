import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AuthAdminService } from '../../src/auth/auth-admin.service';
import { CliModule } from '../../src/cli/cli.module';
import { loadConfig } from '../../src/common/config/load-config';
import { LISTENER_APPLICATION_NAME } from '../../src/auth/invalidation/credentials-channel';
import { CredentialsListenerService } from '../../src/auth/invalidation/credentials-listener.service';
import { createCaller, type TestCaller } from '../support/factories';
import { expectErrorShape } from '../support/assertions';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';

describe('Revocation and account disable take effect at once', () => {
  let t: TestApp;
  /** The admin CLI's own module and connections, as in a separate `npm run cli` process. */
  let cli: INestApplicationContext;
  let admin: AuthAdminService;

  beforeAll(async () => {
    // Created first: passport keeps one strategy per name per process, and the last one registered
    // (here the API's, with its cache and listener) must be the one that serves requests.
    cli = await NestFactory.createApplicationContext(CliModule.forRoot(loadConfig()), { logger: false });
    admin = cli.get(AuthAdminService);
    // A minute-long cache: without the notification, every assertion of a 401 below would see 200.
    t = await createTestApp({ worker: false, config: (c) => ({ ...c, tokenCacheTtlMs: 60_000 }) });
  });
  afterAll(async () => {
    await cli.close();
    await t.close();
  });

  const list = (caller: TestCaller) => authed(t.http, caller).get('/v1/catalogs/imports');

  it('refuses a token on the very next request after tokens revoke', async () => {
    const caller = await createCaller(t.app);
    await list(caller).expect(200); // now cached
    await admin.revokeToken(caller.tokenId);
    expectErrorShape(await list(caller), 401, 'authentication');
  });

  it('refuses every token of an account on the next request after accounts disable, and accepts them again after enable', async () => {
    const caller = await createCaller(t.app);
    const second = await admin.createToken({ accountId: caller.accountId, scopes: ['accounts--my:ro'] });
    const secondCaller = { ...caller, auth: `Basic ${Buffer.from(`${caller.accountId}:${second.token}`).toString('base64')}` };
    await list(caller).expect(200);
    await list(secondCaller).expect(200);
    await admin.setAccountDisabled(caller.accountId, true);
    expectErrorShape(await list(caller), 401, 'authentication');
    expectErrorShape(await list(secondCaller), 401, 'authentication');
    await admin.setAccountDisabled(caller.accountId, false);
    await list(caller).expect(200);
  });

  it('keeps serving other tokens from the cache (a revocation forgets only what it names)', async () => {
    const [revoked, kept] = [await createCaller(t.app), await createCaller(t.app)];
    await list(kept).expect(200);
    // A change PostgreSQL never announces (plain UPDATE): the cached row of `kept` stays in use.
    await t.app.get(DataSource).query('UPDATE personal_access_tokens SET revoked_at = now() WHERE id = $1', [kept.tokenId]);
    await admin.revokeToken(revoked.tokenId);
    await list(kept).expect(200);
  });

  it('clears the cache when the listener reconnects, since notifications may have been missed meanwhile', async () => {
    const caller = await createCaller(t.app);
    const listener = t.app.get(CredentialsListenerService);
    const db = t.app.get(DataSource);
    await list(caller).expect(200);
    // Revoked without a notification: only the clearing on reconnect can make the next request fail.
    await db.query('UPDATE personal_access_tokens SET revoked_at = now() WHERE id = $1', [caller.tokenId]);
    await list(caller).expect(200);
    const listenerPids = () =>
      db
        .query<Array<{ pid: number }>>('SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
          LISTENER_APPLICATION_NAME,
        ])
        .then((rows) => rows.map((row) => row.pid));
    const before = await listenerPids();
    expect(before.length).toBeGreaterThan(0);
    await db.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
    await eventually(
      'the listener to reconnect',
      async () => listener.listening && (await listenerPids()).some((pid) => !before.includes(pid)),
      {
        intervalMs: 20,
      },
    );
    expectErrorShape(await list(caller), 401, 'authentication');
  });
});
