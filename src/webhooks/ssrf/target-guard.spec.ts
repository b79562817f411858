import { ADDRESS_NOT_PUBLIC, BlockedTargetError, HOST_NOT_PUBLIC, PORT_NOT_ALLOWED, TargetGuard, type Resolver } from './target-guard';

const dns =
  (answers: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

async function refusal(guard: TargetGuard, url: string): Promise<BlockedTargetError> {
  const error = await guard.check(url).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof BlockedTargetError)) throw new Error(`${url} was not refused`);
  return error;
}

describe('TargetGuard', () => {
  const guard = new TargetGuard(
    false,
    dns({ 'intranet.test': ['10.1.2.3'], 'mixed.test': ['93.184.215.14', '192.168.0.9'], 'www.test': ['93.184.215.14'] }),
  );

  it('tells the client neither what a name resolved to nor whether it exists; the log detail does', async () => {
    const internal = await refusal(guard, 'https://intranet.test/hook');
    const mixed = await refusal(guard, 'https://mixed.test/hook');
    const missing = await refusal(guard, 'https://missing.test/hook');
    expect([internal.message, mixed.message, missing.message]).toEqual([HOST_NOT_PUBLIC, HOST_NOT_PUBLIC, HOST_NOT_PUBLIC]);
    for (const error of [internal, mixed]) expect(error.message).not.toMatch(/\d+\.\d+\.\d+\.\d+|intranet|mixed|private/);
    expect(internal.detail).toBe('intranet.test resolves to 10.1.2.3, a private (RFC 1918) address');
    expect(mixed.detail).toBe('mixed.test resolves to 192.168.0.9, a private (RFC 1918) address');
    expect(missing.detail).toBe('missing.test could not be resolved (ENOTFOUND)');
  });

  it('refuses a literal non-public address with a generic message', async () => {
    const error = await refusal(guard, 'http://169.254.169.254/latest/meta-data');
    expect(error.message).toBe(ADDRESS_NOT_PUBLIC);
    expect(error.detail).toBe('169.254.169.254 is a cloud metadata address');
  });

  it.each(['http://www.test:22/', 'https://www.test:6379/', 'http://93.184.215.14:8080/', 'https://www.test:0/'])(
    'refuses the port of %s',
    async (url) => {
      expect((await refusal(guard, url)).message).toBe(PORT_NOT_ALLOWED);
    },
  );

  it.each(['http://www.test/', 'https://www.test/', 'http://www.test:443/', 'https://www.test:8443/', 'https://93.184.215.14:80/'])(
    'accepts %s',
    async (url) => {
      await expect(guard.check(url)).resolves.toBeInstanceOf(URL);
    },
  );

  it('lets any port and address through when private targets are allowed', async () => {
    const open = new TargetGuard(true, dns({}));
    await expect(open.check('http://127.0.0.1:6379/')).resolves.toBeInstanceOf(URL);
    await expect(open.check('http://intranet.test:22/')).resolves.toBeInstanceOf(URL);
  });
});
