/**
 * A child process of the build (bench/lib/scale/build-database.ts): writes the products of the
 * organizations it is given, reporting each batch to the parent. Several lanes write at once, so
 * generating and validating products (Node CPU) overlaps with PostgreSQL's COPY.
 */
import { withClient } from '../../../tools/harness/bench-db';
import { loadOrganizationProducts } from './load-products';

export interface LaneWork {
  databaseUrl: string;
  organizations: Array<{ id: string; products: number; seed: number }>;
}

export const LANE_ENV = 'BENCH_SCALE_LANE';

async function main(): Promise<void> {
  const work = JSON.parse(process.env[LANE_ENV] ?? '') as LaneWork;
  await withClient(work.databaseUrl, async (client) => {
    for (const org of work.organizations) {
      await loadOrganizationProducts(client, org.id, org.products, org.seed, (written) => process.send?.({ written }));
    }
  });
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (error: Error) => {
      process.stderr.write(`${error.stack ?? error.message}\n`);
      process.exit(1);
    },
  );
}
