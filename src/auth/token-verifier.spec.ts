import type { AppConfig } from '../common/config/app-config';
import type { TokenCredentials } from './token-credentials';
import { TokenVerifierService } from './token-verifier.service';
import { hashTokenSecret } from './token-secret';

/** The repository the verifier reads tokens from (faked here). */
type TokenSource = ConstructorParameters<typeof TokenVerifierService>[0];

const SECRET = 'pdt_secret';
const NOW = new Date('2026-01-01T00:00:00.000Z');

/** A repository holding one token row, counting how often PostgreSQL would have been asked. */
function repositoryWith(row: Partial<TokenCredentials>) {
  const calls = { find: 0 };
  const credentials: TokenCredentials = {
    id: 't1',
    accountId: 'acc',
    tokenHash: hashTokenSecret(SECRET),
    scopes: ['accounts--my:ro'],
    expiresAt: null,
    revokedAt: null,
    organizationId: 'org',
    accountDisabledAt: null,
    ...row,
  };
  const repository = {
    findCredentialsByHash: () => {
      calls.find++;
      return Promise.resolve(credentials);
    },
    touchLastUsed: () => Promise.resolve(),
    listLive: () => Promise.resolve([{ tokenId: 't1', accountId: 'acc', hashKey: hashTokenSecret(SECRET).toString('base64') }]),
  } as unknown as TokenSource;
  return { repository, calls };
}

const verifierWith = (repository: TokenSource) => new TokenVerifierService(repository, { tokenCacheTtlMs: 60_000 } as AppConfig);

describe('TokenVerifierService', () => {
  it('checks expiry on every request from the cached row', async () => {
    const { repository, calls } = repositoryWith({ expiresAt: new Date(NOW.getTime() + 1_000) });
    const verifier = verifierWith(repository);
    await expect(verifier.verify('acc', SECRET, NOW)).resolves.toMatchObject({ tokenId: 't1' });
    await expect(verifier.verify('acc', SECRET, new Date(NOW.getTime() + 1_000))).resolves.toBeNull();
    expect(calls.find).toBe(1); // the second answer came from the cache, and was still refused
  });

  it('asks PostgreSQL again after the token or its account is forgotten', async () => {
    const { repository, calls } = repositoryWith({});
    const verifier = verifierWith(repository);
    await verifier.verify('acc', SECRET, NOW);
    await verifier.verify('acc', SECRET, NOW);
    expect(calls.find).toBe(1);
    verifier.forgetToken('t1');
    await verifier.verify('acc', SECRET, NOW);
    expect(calls.find).toBe(2);
    verifier.forgetAccount('acc');
    await verifier.verify('acc', SECRET, NOW);
    expect(calls.find).toBe(3);
    verifier.forgetAccount('someone-else');
    await verifier.verify('acc', SECRET, NOW);
    expect(calls.find).toBe(3);
  });

  it('refuses a token presented with another account id', async () => {
    const { repository } = repositoryWith({});
    await expect(verifierWith(repository).verify('other', SECRET, NOW)).resolves.toBeNull();
  });

  it('tells a live token from a guess without a query once the live tokens are loaded, cached or not', async () => {
    const { repository, calls } = repositoryWith({});
    const verifier = new TokenVerifierService(repository, { tokenCacheTtlMs: 0 } as AppConfig);
    expect(verifier.holdsLive('acc', SECRET)).toBe(false);
    await verifier.reloadKnownTokens();
    expect(verifier.holdsLive('acc', SECRET)).toBe(true);
    expect(verifier.holdsLive('other', SECRET)).toBe(false);
    expect(verifier.holdsLive('acc', 'pdt_guess')).toBe(false);
    expect(calls.find).toBe(0);
  });

  it('learns a live token it did not know from a successful lookup', async () => {
    const { repository } = repositoryWith({});
    const verifier = new TokenVerifierService(repository, { tokenCacheTtlMs: 0 } as AppConfig);
    await verifier.verify('acc', SECRET, NOW);
    expect(verifier.holdsLive('acc', SECRET)).toBe(true);
  });
});
