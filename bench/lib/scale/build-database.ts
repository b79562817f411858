import { withClient } from '../../../tools/harness/bench-db';
import { round } from '../report';
import type { ServiceStack } from '../service-stack';
import { createTenants } from '../tenants';
import { fork } from 'node:child_process';
import { LANE_ENV, type LaneWork } from './load-lane';
import {
  insertOrganizations,
  type MeasuredOrganization,
  type OrganizationRole,
  productsOf,
  type ScaleLayout,
  totalProducts,
} from './scale-db';

export interface BuildResult {
  measured: MeasuredOrganization[];
  products: number;
  /** Generating, validating, hashing and COPYing every product (the bench's work, not the service's). */
  load_s: number;
  load_products_per_s: number;
}

const MEASURED: readonly OrganizationRole[] = ['big', 'small', 'regular'];

/**
 * Fills an empty (migrated) database: the three measured organizations with accounts (through the
 * admin CLI), the others as bare organization rows, then every organization's products written as
 * imports write them (loadOrganizationProducts), pending for the search indexer. Organization i
 * gets seed `layout.seed * 1,000,003 + i`, so catalogs differ between tenants.
 */
export async function buildDatabase(
  stack: ServiceStack,
  layout: ScaleLayout,
  lanes: number,
  log: (message: string) => void,
): Promise<BuildResult> {
  const measuredTenants = await createTenants(
    MEASURED.map((role) => `scale-${role}`),
    stack.cliEnv,
    2,
  );
  const total = totalProducts(layout);
  const started = performance.now();
  const ids = await withClient(stack.databaseUrl, async (client) => {
    const others = Array.from(
      { length: Math.max(0, layout.organizations - MEASURED.length) },
      (_, i) => `scale-org-${i + MEASURED.length}`,
    );
    return [...measuredTenants.map((t) => t.organizationId), ...(await insertOrganizations(client, others))];
  });
  log(`loading ${total.toLocaleString('en')} products into ${ids.length} organizations`);
  let written = 0;
  let nextLog = 0;
  const organizations = ids.map((id, i) => ({ id, products: productsOf(layout, i), seed: layout.seed * 1_000_003 + i }));
  await Promise.all(
    splitLanes(organizations, lanes).map((lane) =>
      runLane({ databaseUrl: stack.databaseUrl, organizations: lane }, (n) => {
        written += n;
        if (written >= nextLog) {
          const s = (performance.now() - started) / 1000;
          log(`loaded ${written.toLocaleString('en')} of ${total.toLocaleString('en')} products (${Math.round(written / s)}/s)`);
          nextLog = written + Math.max(50_000, Math.round(total / 20));
        }
      }),
    ),
  );
  await withClient(stack.databaseUrl, async (client) => {
    await client.query('ANALYZE products');
    await client.query('ANALYZE product_search_pending');
  });
  const loadS = (performance.now() - started) / 1000;
  return {
    measured: MEASURED.map((role, i) => ({
      role,
      organizationId: measuredTenants[i].organizationId,
      accountId: measuredTenants[i].accountId,
      products: productsOf(layout, i),
    })),
    products: written,
    load_s: round(loadS, 1),
    load_products_per_s: Math.round(written / loadS),
  };
}

/** Organizations over `lanes` lists of about equal product counts (largest first, each to the lightest lane). */
function splitLanes(organizations: LaneWork['organizations'], lanes: number): LaneWork['organizations'][] {
  const out = Array.from({ length: Math.max(1, lanes) }, () => ({ products: 0, organizations: [] as LaneWork['organizations'] }));
  for (const org of [...organizations].sort((a, b) => b.products - a.products)) {
    const lightest = out.reduce((a, b) => (b.products < a.products ? b : a));
    lightest.organizations.push(org);
    lightest.products += org.products;
  }
  return out.filter((lane) => lane.organizations.length > 0).map((lane) => lane.organizations);
}

/** One lane in a child process (ts-node, like the bench itself); resolves when it exited 0. */
function runLane(work: LaneWork, onBatch: (written: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(require.resolve('./load-lane'), [], {
      execArgv: ['-r', 'ts-node/register/transpile-only'],
      env: { ...process.env, [LANE_ENV]: JSON.stringify(work) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message: { written?: number }) => message.written && onBatch(message.written));
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`load lane exited ${code ?? signal}`))));
  });
}
