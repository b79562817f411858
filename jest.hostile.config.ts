import type { Config } from 'jest';

/**
 * Hostile-file suite (`npm run test:hostile`, after `npm run build`): each hostile shape
 * at full size through the real built API to a separate worker process, against the
 * suite's own database. Run in band: the shapes are timed against each other and load PostgreSQL.
 */
const config: Config = {
  rootDir: '.',
  testMatch: ['<rootDir>/test/hostile/**/*.hostile-spec.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/hostile/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/hostile/setup/global-teardown.ts',
  // A shape gives up by itself (6× the baseline + 15 s, or 5 minutes without one); this only catches a hang of the suite.
  testTimeout: 1_800_000,
  maxWorkers: 1,
  verbose: true,
};

export default config;
