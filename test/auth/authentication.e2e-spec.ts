import { randomBytes, randomUUID } from 'node:crypto';
import request from 'supertest';
import { AuthAdminService } from '../../src/auth/auth-admin.service';
import { basic, createCaller, type TestCaller } from '../support/factories';
import { upload } from '../support/imports';
import { expectErrorShape } from '../support/assertions';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const CHALLENGE = 'Basic realm="product-directory"';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** 401 `authentication` with the Basic challenge, leaking none of the presented secret. */
function expectUnauthenticated(response: request.Response, secret?: string): void {
  const message = expectErrorShape(response, 401, 'authentication');
  expect(response.headers['www-authenticate']).toBe(CHALLENGE);
  if (secret) expect(message).not.toContain(secret);
}

describe('Authentication and scopes', () => {
  let t: TestApp;
  let admin: AuthAdminService;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    admin = t.app.get(AuthAdminService);
  });
  afterAll(async () => {
    await t.close();
  });

  /** GET status of a job that does not exist: 404 proves the credentials and the scope were accepted. */
  const status = (authorization?: string, jobId: string = randomUUID()) => {
    const req = request(t.http).get(`/v1/catalogs/imports/${jobId}`);
    return authorization === undefined ? req : req.set('Authorization', authorization);
  };
  const expectAccepted = async (authorization: string) => {
    const jobId = randomUUID();
    const response = await status(authorization, jobId);
    expect(expectErrorShape(response, 404, 'not_found')).toContain(jobId);
    expect(response.headers['www-authenticate']).toBeUndefined();
  };
  const uploadAs = (authorization: string) =>
    authed(t.http, authorization)
      .post('/v1/catalogs/imports')
      .attach('file', Buffer.from(JSON.stringify([{ id: 'p-1', title: 'Product 1' }])), 'catalog.json');

  describe('401 authentication', () => {
    let caller: TestCaller;

    beforeEach(async () => {
      caller = await createCaller(t.app);
    });

    it('accepts the valid credentials used as the baseline of this group', async () => {
      await expectAccepted(caller.auth);
    });

    it('refuses a request without an Authorization header, with the Basic challenge', async () => {
      expectUnauthenticated(await status());
    });

    it('refuses an empty Authorization header', async () => {
      expectUnauthenticated(await status(''));
    });

    it('refuses the scheme word without credentials', async () => {
      expectUnauthenticated(await status('Basic '));
    });

    it('refuses a value that is not Base64', async () => {
      expectUnauthenticated(await status('Basic !!!not*base64!!!'));
    });

    it('refuses Base64 that holds no account_id:token pair', async () => {
      expectUnauthenticated(await status(`Basic ${b64(`${caller.accountId}${caller.token}`)}`));
      expectUnauthenticated(await status(`Basic ${b64(`${caller.accountId}:`)}`));
      expectUnauthenticated(await status(`Basic ${b64(`:${caller.token}`)}`));
    });

    it('refuses another scheme (Bearer), even carrying valid credentials', async () => {
      expectUnauthenticated(await status(`Bearer ${caller.token}`), caller.token);
      expectUnauthenticated(await status(`Bearer ${b64(`${caller.accountId}:${caller.token}`)}`));
    });

    it('refuses an unknown account, even with a valid token of another account', async () => {
      expectUnauthenticated(await status(basic(`acc_unknown_${randomBytes(6).toString('hex')}`, caller.token)), caller.token);
    });

    it('refuses a wrong token for an existing account', async () => {
      const wrong = `pdt_${randomBytes(32).toString('base64url')}`;
      expectUnauthenticated(await status(basic(caller.accountId, wrong)), wrong);
    });

    it('refuses a token that differs from the real one only by a suffix or by case', async () => {
      expectUnauthenticated(await status(basic(caller.accountId, `${caller.token}x`)));
      expectUnauthenticated(await status(basic(caller.accountId, caller.token.slice(0, -1))));
      expectUnauthenticated(await status(basic(caller.accountId, caller.token.toUpperCase())));
    });

    // RFC 7617: the password is everything after the first colon. A token never contains ':',
    // so "<token>:anything" is not the token and must be refused.
    it('refuses the real token followed by a colon and more characters', async () => {
      expectUnauthenticated(await status(basic(caller.accountId, `${caller.token}:extra`)));
    });

    it("refuses a valid token presented with another account's id", async () => {
      const other = await createCaller(t.app);
      await expectAccepted(other.auth);
      expectUnauthenticated(await status(basic(caller.accountId, other.token)), other.token);
      expectUnauthenticated(await status(basic(other.accountId, caller.token)), caller.token);
    });

    it('refuses a token of another account of the same organization', async () => {
      const sibling = await admin.createAccount(caller.organizationId);
      const siblingToken = await admin.createToken({ accountId: sibling.id, scopes: ['accounts--my:rw'] });
      await expectAccepted(basic(sibling.id, siblingToken.token));
      expectUnauthenticated(await status(basic(caller.accountId, siblingToken.token)));
    });

    it('refuses a revoked token from the moment it is revoked', async () => {
      await expectAccepted(caller.auth);
      const revoked = await admin.revokeToken(caller.tokenId);
      expect(revoked.id).toBe(caller.tokenId);
      expectUnauthenticated(await status(caller.auth));
    });

    it('revoking one token leaves the other tokens of the account working', async () => {
      const second = await admin.createToken({ accountId: caller.accountId, scopes: ['accounts--my:ro'] });
      await admin.revokeToken(caller.tokenId);
      expectUnauthenticated(await status(caller.auth));
      await expectAccepted(basic(caller.accountId, second.token));
    });

    it('refuses an expired token', async () => {
      const expired = await createCaller(t.app, { expiresAt: new Date(Date.now() - 60_000) });
      expectUnauthenticated(await status(expired.auth));
    });

    it('accepts a token that expires in the future', async () => {
      const expiring = await createCaller(t.app, { expiresAt: new Date(Date.now() + 3_600_000) });
      await expectAccepted(expiring.auth);
    });

    it('refuses every token of a disabled account, and accepts them again once re-enabled', async () => {
      await expectAccepted(caller.auth);
      await admin.setAccountDisabled(caller.accountId, true);
      expectUnauthenticated(await status(caller.auth));
      await admin.setAccountDisabled(caller.accountId, false);
      await expectAccepted(caller.auth);
    });

    it('answers every kind of bad credentials with the same body, so nothing tells them apart', async () => {
      const other = await createCaller(t.app);
      const bodies = [
        await status(),
        await status('Basic !!!'),
        await status(basic(caller.accountId, `pdt_${randomBytes(32).toString('base64url')}`)),
        await status(basic(`acc_nobody_${randomBytes(4).toString('hex')}`, caller.token)),
        await status(basic(caller.accountId, other.token)),
      ].map((response) => {
        expectUnauthenticated(response);
        return response.body as unknown;
      });
      for (const body of bodies) expect(body).toEqual(bodies[0]);
    });

    it('authenticates before validating the job id', async () => {
      expectUnauthenticated(await request(t.http).get('/v1/catalogs/imports/not-a-uuid'));
      expectUnauthenticated(await authed(t.http, basic(caller.accountId, 'nope')).get('/v1/catalogs/imports/not-a-uuid'));
    });

    it('refuses an unauthenticated upload with 401 before looking at the body', async () => {
      expectUnauthenticated(await request(t.http).post('/v1/catalogs/imports').attach('file', Buffer.from('[]'), 'catalog.json'));
      expectUnauthenticated(await request(t.http).post('/v1/catalogs/imports').set('Content-Type', 'text/plain').send('not multipart'));
    });

    // Check order: authentication before any request validation, a body included.
    it('refuses an unauthenticated request with 401 even when its JSON body is malformed', async () => {
      expectUnauthenticated(await request(t.http).post('/v1/catalogs/imports').set('Content-Type', 'application/json').send('{bad'));
    });
  });

  describe('accepted forms of the header', () => {
    let caller: TestCaller;

    beforeAll(async () => {
      caller = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    });

    it.each(['Basic', 'basic', 'BASIC', 'bAsIc'])('accepts the scheme word written %s', async (scheme) => {
      await expectAccepted(`${scheme} ${b64(`${caller.accountId}:${caller.token}`)}`);
    });

    it('accepts the bare Base64 value of account_id:token without a scheme word', async () => {
      await expectAccepted(b64(`${caller.accountId}:${caller.token}`));
    });

    it('accepts an account id chosen at creation', async () => {
      const accountId = `agent.${randomBytes(4).toString('hex')}@example-co_1`;
      await admin.createAccount(caller.organizationId, accountId);
      const token = await admin.createToken({ accountId, scopes: ['accounts--my:ro'] });
      await expectAccepted(basic(accountId, token.token));
      await expectAccepted(b64(`${accountId}:${token.token}`));
    });
  });

  describe('403 authorization (scopes)', () => {
    it('refuses a token without any scope with 403 authorization, not 401', async () => {
      const caller = await createCaller(t.app, { scopes: [] });
      const response = await status(caller.auth);
      expectErrorShape(response, 403, 'authorization');
      expect(response.headers['www-authenticate']).toBeUndefined();
      expectErrorShape(await authed(t.http, caller).get('/v1/catalogs/imports'), 403, 'authorization');
      expectErrorShape(await uploadAs(caller.auth), 403, 'authorization');
    });

    it('checks the scope before validating the job id', async () => {
      const caller = await createCaller(t.app, { scopes: [] });
      expectErrorShape(await authed(t.http, caller).get('/v1/catalogs/imports/not-a-uuid'), 403, 'authorization');
    });

    it('lets a read-only token read (200) but not upload (403), and its refused upload creates no job', async () => {
      const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
      const writer = await admin.createToken({ accountId: reader.accountId, scopes: ['accounts--my:rw'] });
      const jobId = await upload(t.http, basic(reader.accountId, writer.token), JSON.stringify([{ id: 'p-1', title: 'Product 1' }]));

      const read = await status(reader.auth, jobId).expect(200);
      expect((read.body as { job_id: string }).job_id).toBe(jobId);

      const refused = await uploadAs(reader.auth);
      expect(expectErrorShape(refused, 403, 'authorization')).toContain('accounts--my:rw');
      expect(refused.headers.location).toBeUndefined();

      const list = await authed(t.http, reader).get('/v1/catalogs/imports').expect(200);
      expect((list.body as { data: { job_id: string }[] }).data.map((job) => job.job_id)).toEqual([jobId]);
    });

    it('lets a read-write token read as well as upload (rw implies ro)', async () => {
      const caller = await createCaller(t.app, { scopes: ['accounts--my:rw'] });
      const jobId = await upload(t.http, caller.auth, JSON.stringify([{ id: 'p-1', title: 'Product 1' }]));
      const read = await status(caller.auth, jobId).expect(200);
      expect((read.body as { job_id: string }).job_id).toBe(jobId);
      await authed(t.http, caller).get('/v1/catalogs/imports').expect(200);
    });
  });
});
