import type { Config } from 'jest';

/**
 * Read-replica suite (`npm run test:replicas`): starts a private PostgreSQL primary and a streaming
 * replica of it (initdb + pg_basebackup -R, on ports of its own), runs the built API and worker
 * against them, and checks where reads run (the replica's own statistics), read-your-writes with
 * replay paused, the lag bound, and a replica killed and restarted under traffic. Never touches
 * the machine's shared PostgreSQL; uses one Redis database of the shared Redis (PDS_TEST_REDIS_DB).
 */
const config: Config = {
  rootDir: '.',
  testMatch: ['<rootDir>/test/replicas/**/*.replicas-spec.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testTimeout: 120_000,
  maxWorkers: 1,
  verbose: true,
};

export default config;
