import type { Config } from 'jest';

/**
 * Browser suite (`npm run test:browser`): starts the built API (dist/main.js, worker in-process)
 * on a free port against its own database and Redis database, and drives Swagger UI at /docs in
 * the Debian `chromium` package through playwright-core, as a person exploring the API would.
 * Screenshots land in test-results/browser/ (git-ignored).
 */
const config: Config = {
  rootDir: '.',
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/browser/setup/global-setup.ts',
  testTimeout: 120_000,
  maxWorkers: 1,
  verbose: true,
};

export default config;
