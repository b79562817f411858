import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
};

// Unit specs live beside the code. e2e specs in test/ run in parallel Jest workers, each with its
// own migrated database and queue prefix (test/setup/test-database.ts, copied from one template
// in globalSetup); after each spec file, drain-jobs.ts cancels whatever jobs it left unfinished.
const config: Config = {
  testTimeout: 60_000,
  // With one worker (Jest's default on a 2-core machine) Jest would run every spec file in its own
  // process, where what spec files leave behind piles up: 4.2 GB after 150 of the 200 files on
  // Node 20, whose heap limit is about 4 GB, and the run then crawls in garbage collection (30 min
  // instead of 10). A limit makes Jest run them in a worker process, replaced once it holds more
  // than this after a file; the files still run one at a time, in the same order.
  workerIdleMemoryLimit: '1536MB',
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
