import type { Config } from 'jest';

/**
 * Abuse suite (`npm run test:abuse`, after `npm run build`): the real built API attacked the way an
 * attacker would (floods of wrong credentials, abandoned calls, one tenant's reads as fast as they
 * go, costly queries), from several loopback addresses, against a realistic catalog, each spec
 * asserting what an honest client of another tenant sees. In band: the attacks load the machine.
 */
const config: Config = {
  rootDir: '.',
  testMatch: ['<rootDir>/test/abuse/**/*.abuse-spec.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/abuse/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/abuse/setup/global-teardown.ts',
  testTimeout: 120_000,
  maxWorkers: 1,
  verbose: true,
};

export default config;
