import type { Config } from 'jest';

/**
 * Fault-injection suite (`npm run test:faults`, after `npm run build`): starts the real built
 * processes (API, workers, CLI) against a dedicated database and Redis database, injects faults
 * (SIGKILL/SIGTERM, Redis flush/restart, PostgreSQL restart, crash between commit and enqueue)
 * and compares every end state with an undisturbed run. Run in band: the specs restart shared
 * PostgreSQL and Redis, so they must never overlap.
 */
const config: Config = {
  rootDir: '.',
  testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/faults/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/faults/setup/global-teardown.ts',
  testTimeout: 240_000,
  maxWorkers: 1,
  verbose: true,
};

export default config;
