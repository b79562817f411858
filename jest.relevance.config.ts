import type { Config } from 'jest';

// The judged relevance suite (test/relevance/README.md): the real service in-process on the e2e
// test database (PDS_TEST_DB / PDS_TEST_REDIS_DB), anchors in the same run. Run in band.
const config: Config = {
  rootDir: '.',
  testMatch: ['<rootDir>/test/relevance/**/*.relevance-spec.ts'],
  testEnvironment: 'node',
  testTimeout: 60_000,
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  setupFiles: ['<rootDir>/test/setup/test-env.ts'],
  setupFilesAfterEnv: ['<rootDir>/test/setup/drain-jobs.ts'],
};

export default config;
