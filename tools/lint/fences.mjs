// @ts-check
// The fences the linter keeps between modules (eslint.config.mjs spreads them; so does
// fences.config.mjs, the same rules without type information, which src/module-faces.spec.ts runs).
import house from './module-faces.mjs';

/**
 * Each feature module's public face: the files (or `folder/`s) of src/<module>/ that other modules
 * may import; everything else is the module's own. Modules not listed (common, database, openapi:
 * the shared layers every feature builds on) are public whole. Specs and testing/ helpers may reach
 * into what they test; e2e tests in test/ likewise.
 */
const MODULE_FACES = {
  auth: [
    'auth.module',
    'auth-admin.service',
    'principal',
    'scopes',
    'decorators/',
    'entities/',
    'invalidation/credentials-listener.module',
    'rate-limit/account-rate-limit.service',
  ],
  catalog: [
    'catalog.module',
    'catalog-details.module',
    'latest-import-source',
    'product-write',
    'product/',
    'dto/',
    'criteria/',
    'entities/',
    'hashing/',
    'query/product-query.service',
    'query/product-facets.service',
    'search/query-reading/query-interpretation',
    'indexing/search-indexer.service',
    'indexing/vocabulary-sweep.service',
    'partitions/search-partition-mover.service',
    'stats/',
    'repositories/product.repository',
    'repositories/catalog-languages.repository',
    'validation/currencies',
    'validation/currency-exponents',
    'validation/product-vocabulary',
    'validation/product-limits',
    'validation/field-error',
    'validation/field-error-list',
  ],
  cli: ['cli.module', 'cli-args', 'run-command'],
  client: ['program'],
  health: ['health.module', 'operations-endpoint'],
  imports: [
    'imports.module',
    'import-jobs.module',
    'import-jobs.service',
    'import-health.service',
    'import-entities',
    'import-worker',
    'job-finished-event',
    'dto/',
  ],
  mcp: ['mcp.module'],
  reads: ['reads.module', 'bounded-read.interceptor', 'read-budget.service', 'reads-from-replica.decorator'],
  ucp: ['ucp.module', 'ucp-catalog.service', 'ucp-requests'],
  webhooks: ['webhooks.module', 'delivery/webhook-delivery.module', 'delivery/webhook-worker.service', 'dto/', 'entities/'],
};

/** The import's byte-level shortcuts are entered through one door (and reported by one service). */
const DOORS = { 'imports/pipeline/fast-path/': ['fast-path', 'fast-path-report.service'] };

/** @type {import('eslint').Linter.Config[]} */
export const fences = [
  {
    // A file of src/ imports another module's face only (src/module-faces.spec.ts shows each fence failing).
    files: ['src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/testing/**'],
    plugins: { house },
    rules: { 'house/module-faces': ['error', { root: 'src', faces: MODULE_FACES, doors: DOORS }] },
  },
  {
    // The service and the tests never import the bench: what both need lives in tools/harness/.
    files: ['src/**/*.ts', 'test/**/*.ts', 'tools/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)bench/', message: 'Do not import the bench from the service or a test: move what both need to tools/harness/.' },
          ],
        },
      ],
    },
  },
];
