import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
};

// Unit specs live beside the code. e2e specs in test/ run in parallel Jest workers, each with its
// own migrated database and queue prefix (test/setup/test-database.ts, copied from one template
// in globalSetup); after each spec file, drain-jobs.ts cancels whatever jobs it left unfinished.
const config: Config = {
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'unit',
      rootDir: '.',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      testEnvironment: 'node',
      transform,
      moduleFileExtensions: ['ts', 'js', 'json'],
    },
    {
      displayName: 'e2e',
      rootDir: '.',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      testEnvironment: 'node',
      transform,
      moduleFileExtensions: ['ts', 'js', 'json'],
      globalSetup: '<rootDir>/test/setup/global-setup.ts',
      setupFiles: ['<rootDir>/test/setup/test-env.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/setup/drain-jobs.ts'],
    },
  ],
};

export default config;
