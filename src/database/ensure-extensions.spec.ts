import type { DataSource } from 'typeorm';
import { ensureExtensionsAvailable, MissingExtensionError, REQUIRED_EXTENSIONS } from './ensure-extensions';

const serverWith = (names: string[]) => ({ query: () => Promise.resolve(names.map((name) => ({ name }))) }) as unknown as DataSource;

describe('ensureExtensionsAvailable', () => {
  it('passes when the server offers every extension', async () => {
    await expect(ensureExtensionsAvailable(serverWith([...REQUIRED_EXTENSIONS]))).resolves.toBeUndefined();
  });

  it('refuses to start naming each missing extension and how to install it', async () => {
    const error = await ensureExtensionsAvailable(serverWith(['unaccent', 'btree_gin'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingExtensionError);
    expect((error as MissingExtensionError).missing).toEqual(['pg_trgm', 'fuzzystrmatch']);
    expect((error as Error).message).toMatch(/pg_trgm, fuzzystrmatch.*contrib/);
  });
});
