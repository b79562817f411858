import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { basic } from '../support/factories';
import { TEST_DATABASE_URL } from '../setup/test-database';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const ROOT = resolve(__dirname, '..', '..');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_MILLIS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CLI_TIMEOUT_MS = 30_000;

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run --silent cli -- <args>` against the test database, the way an operator would. */
function cli(...args: string[]): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', '--silent', 'cli', '--', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`cli ${args.join(' ')} did not finish within ${CLI_TIMEOUT_MS} ms; stderr: ${stderr}`));
    }, CLI_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** A successful command: exit 0, nothing on stderr, exactly one JSON object on one line of stdout. */
function expectJsonResult(result: CliResult): Record<string, unknown> {
  if (result.code !== 0) throw new Error(`exit ${result.code}; stderr: ${result.stderr}`);
  expect(result.stderr).toBe('');
  const lines = result.stdout.split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toBe('');
  const value = JSON.parse(lines[0]) as unknown;
  expect(typeof value).toBe('object');
  expect(value).not.toBeNull();
  expect(Array.isArray(value)).toBe(false);
  return value as Record<string, unknown>;
}

/** A refused command: non-zero exit, a message on stderr, nothing on stdout. */
function expectRefused(result: CliResult): void {
  expect(result.code).not.toBe(0);
  expect(result.code).not.toBeNull();
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().length).toBeGreaterThan(0);
}

jest.setTimeout(2 * CLI_TIMEOUT_MS);

describe('Admin CLI', () => {
  let t: TestApp;
  const statusOfRandomJob = (authorization: string) => authed(t.http, authorization).get(`/v1/catalogs/imports/${randomUUID()}`);

  // State built up by the commands, in the order an operator issues them.
  let organizationId: string;
  let accountId: string;
  let token: { id: string; secret: string };

  beforeAll(async () => {
    // A minute-long token cache: a revocation by the CLI (another process) must still show at once.
    t = await createTestApp({ worker: false, config: (c) => ({ ...c, tokenCacheTtlMs: 60_000 }) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('organizations create prints {id, name}', async () => {
    const name = `CLI Org ${randomUUID()}`;
    const organization = expectJsonResult(await cli('organizations', 'create', '--name', name));
    expect(Object.keys(organization).sort()).toEqual(['id', 'name']);
    expect(organization.id).toMatch(UUID);
    expect(organization.name).toBe(name);
    organizationId = organization.id as string;
  });

  it('accounts create without --id prints a generated account id', async () => {
    const account = expectJsonResult(await cli('accounts', 'create', '--organization', organizationId));
    expect(Object.keys(account).sort()).toEqual(['id', 'organization_id']);
    expect(account.organization_id).toBe(organizationId);
    expect(typeof account.id).toBe('string');
    expect((account.id as string).length).toBeGreaterThan(0);
    expect(account.id).not.toContain(':');
  });

  it('accounts create --id keeps the chosen account id', async () => {
    const chosen = `cli-agent-${randomBytes(4).toString('hex')}`;
    const account = expectJsonResult(await cli('accounts', 'create', '--organization', organizationId, '--id', chosen));
    expect(account).toEqual({ id: chosen, organization_id: organizationId });
    accountId = chosen;
  });

  it('tokens create prints the secret once, and the token authenticates against the HTTP API', async () => {
    const created = expectJsonResult(
      await cli('tokens', 'create', '--account', accountId, '--scopes', 'accounts--my:ro,accounts--my:rw', '--name', 'ci'),
    );
    expect(created.id).toMatch(UUID);
    expect(created.account_id).toBe(accountId);
    expect(typeof created.token).toBe('string');
    expect((created.token as string).length).toBeGreaterThanOrEqual(43); // ≥ 256 bits in base64url
    expect([...(created.scopes as string[])].sort()).toEqual(['accounts--my:ro', 'accounts--my:rw']);
    token = { id: created.id as string, secret: created.token as string };

    const response = await statusOfRandomJob(basic(accountId, token.secret));
    expect(response.status).toBe(404);
    expect((response.body as { error: { type: string } }).error.type).toBe('not_found');
  });

  it('tokens create --scopes "" makes a token without any scope, refused with 403 by the API', async () => {
    const created = expectJsonResult(await cli('tokens', 'create', '--account', accountId, '--scopes', ''));
    expect(created.scopes).toEqual([]);
    expect(created.account_id).toBe(accountId);

    const response = await statusOfRandomJob(basic(accountId, created.token as string));
    expect(response.status).toBe(403);
    expect((response.body as { error: { type: string } }).error.type).toBe('authorization');
  });

  it("accounts disable refuses the account's tokens with 401; accounts enable lets them in again", async () => {
    const created = expectJsonResult(await cli('tokens', 'create', '--account', accountId, '--scopes', 'accounts--my:ro'));
    const auth = basic(accountId, created.token as string);
    expect((await statusOfRandomJob(auth)).status).toBe(404);

    const disabled = expectJsonResult(await cli('accounts', 'disable', accountId));
    expect(Object.keys(disabled).sort()).toEqual(['disabled_at', 'id']);
    expect(disabled.id).toBe(accountId);
    expect(disabled.disabled_at).toMatch(ISO_MILLIS_UTC);
    const refused = await statusOfRandomJob(auth);
    expect(refused.status).toBe(401);
    expect((refused.body as { error: { type: string } }).error.type).toBe('authentication');

    expect(expectJsonResult(await cli('accounts', 'enable', accountId))).toEqual({ id: accountId, disabled_at: null });
    expect((await statusOfRandomJob(auth)).status).toBe(404);
  });

  it('tokens create --expires-at stores the expiry: a future one authenticates, a past one is refused with 401', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const live = expectJsonResult(
      await cli('tokens', 'create', '--account', accountId, '--scopes', 'accounts--my:ro', '--expires-at', future),
    );
    expect(live.expires_at).toBe(future);
    expect((await statusOfRandomJob(basic(accountId, live.token as string))).status).toBe(404);

    const past = new Date(Date.now() - 60_000).toISOString();
    const expired = expectJsonResult(
      await cli('tokens', 'create', '--account', accountId, '--scopes', 'accounts--my:ro', '--expires-at', past),
    );
    expect(expired.expires_at).toBe(past);
    const refused = await statusOfRandomJob(basic(accountId, expired.token as string));
    expect(refused.status).toBe(401);
    expect((refused.body as { error: { type: string } }).error.type).toBe('authentication');
  });

  it('tokens create gives a token the default expiry (TOKEN_DEFAULT_TTL_DAYS, 90 days) unless --no-expiry', async () => {
    const before = Date.now();
    const defaulted = expectJsonResult(await cli('tokens', 'create', '--account', accountId, '--scopes', 'accounts--my:ro'));
    const expiresAt = Date.parse(defaulted.expires_at as string);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 90 * 86_400_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 90 * 86_400_000);
    const forever = expectJsonResult(await cli('tokens', 'create', '--account', accountId, '--scopes', 'accounts--my:ro', '--no-expiry'));
    expect(forever.expires_at).toBeNull();
    expect((await statusOfRandomJob(basic(accountId, forever.token as string))).status).toBe(404);
    const both = await cli(
      'tokens',
      'create',
      '--account',
      accountId,
      '--scopes',
      '',
      '--no-expiry',
      '--expires-at',
      new Date().toISOString(),
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--expires-at and --no-expiry exclude each other');
  });

  it("tokens list --account prints the account's tokens (no secrets), and refuses an unknown account", async () => {
    const created = expectJsonResult(
      await cli('tokens', 'create', '--account', accountId, '--scopes', 'accounts--my:rw,webhooks:manage', '--name', 'listed'),
    );
    const listed = expectJsonResult(await cli('tokens', 'list', '--account', accountId));
    expect(listed.account_id).toBe(accountId);
    const tokens = listed.tokens as Array<Record<string, unknown>>;
    expect(tokens[0]).toEqual({
      id: created.id,
      name: 'listed',
      scopes: ['accounts--my:rw', 'webhooks:manage'],
      created_at: expect.stringMatching(ISO_MILLIS_UTC),
      expires_at: created.expires_at,
      revoked_at: null,
      last_used_at: null,
    });
    expect(tokens.length).toBeGreaterThan(1);
    expect(JSON.stringify(listed)).not.toContain(created.token as string);
    expectRefused(await cli('tokens', 'list', '--account', `missing-${randomBytes(4).toString('hex')}`));
  });

  it('tokens create refuses an unknown scope name', async () => {
    const result = await cli('tokens', 'create', '--account', accountId, '--scopes', 'accounts--my:ro,accounts--my:admin');
    expectRefused(result);
    expect(result.stderr).toContain('accounts--my:admin');
  });

  it('tokens revoke prints {id, revoked_at}, after which the token is refused with 401 on the next request', async () => {
    expect((await statusOfRandomJob(basic(accountId, token.secret))).status).toBe(404); // accepted, and now cached
    const revoked = expectJsonResult(await cli('tokens', 'revoke', token.id));
    expect(Object.keys(revoked).sort()).toEqual(['id', 'revoked_at']);
    expect(revoked.id).toBe(token.id);
    expect(revoked.revoked_at).toMatch(ISO_MILLIS_UTC);

    const response = await statusOfRandomJob(basic(accountId, token.secret));
    expect(response.status).toBe(401);
    expect((response.body as { error: { type: string } }).error.type).toBe('authentication');
  });

  it("accounts disable refuses the account's cached token on the next request, accounts enable accepts it again", async () => {
    const created = expectJsonResult(await cli('tokens', 'create', '--account', accountId, '--scopes', 'accounts--my:ro'));
    const auth = basic(accountId, created.token as string);
    expect((await statusOfRandomJob(auth)).status).toBe(404); // accepted, and now cached
    expect(expectJsonResult(await cli('accounts', 'disable', accountId)).disabled_at).toMatch(ISO_MILLIS_UTC);
    expect((await statusOfRandomJob(auth)).status).toBe(401);
    expect(expectJsonResult(await cli('accounts', 'enable', accountId)).disabled_at).toBeNull();
    expect((await statusOfRandomJob(auth)).status).toBe(404);
  });

  it('accounts create refuses an organization that does not exist', async () => {
    const missing = randomUUID();
    const result = await cli('accounts', 'create', '--organization', missing);
    expectRefused(result);
    expect(result.stderr).toContain(missing);
  });

  it('an unknown command exits 2 and prints the usage', async () => {
    const result = await cli('widgets', 'frobnicate');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/Usage/);
    expect(result.stderr).toContain('tokens create');
  });
});
