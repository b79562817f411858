import type { ProductFacetsService } from '../../catalog/query/product-facets.service';
import { withIntent } from '../../catalog/query/intent-criteria';
import type { ProductCriteria } from '../../catalog/criteria/product-criteria';
import type { ImportJobsService } from '../../imports/import-jobs.service';
import type { CatalogOverviewService } from '../catalog-overview.service';

type Jobs = Pick<ImportJobsService, 'list' | 'getForOrganization' | 'listErrors'>;

/**
 * Stand-ins for the services the non-UCP MCP tools call: each records its arguments and answers
 * `answer`, or rejects with `failure` when one is set, so a spec can check what a tool asked for
 * and how it reports each kind of failure.
 */
export class FakeMcpServices {
  readonly calls: Array<{ method: string; args: unknown[] }> = [];
  failure: unknown;

  readonly overview: Pick<CatalogOverviewService, 'overview'> = {
    overview: (organizationId) => this.answer('overview', [organizationId], overviewOf(organizationId)),
  };

  readonly jobs: Jobs = {
    list: (organizationId, limit, cursor) => this.answer('jobs.list', [organizationId, limit, cursor], { data: [], next_cursor: null }),
    getForOrganization: (id, organizationId) => this.answer('jobs.get', [id, organizationId], doneJob(id) as never),
    listErrors: (jobId, organizationId, limit, cursor) =>
      this.answer('jobs.listErrors', [jobId, organizationId, limit, cursor], {
        job_id: jobId,
        failure: null,
        failed_count: 0,
        error_details_kept: 0,
        data: [],
        next_cursor: null,
      }),
  };

  readonly facets: Pick<ProductFacetsService, 'count' | 'withIntent'> = {
    // The real reading of the intent, with EUR as the catalog's main currency.
    withIntent: (_organizationId: string, criteria: ProductCriteria, intent: string | undefined) =>
      withIntent(criteria, intent, () => Promise.resolve('EUR')),
    count: (organizationId: string, criteria: ProductCriteria, pageSize: number) =>
      this.answer('facets.count', [organizationId, criteria, pageSize], {
        total_count: 0,
        total_count_exact: true,
        brands: { values: [], other_count: 0, missing_count: 0 },
        availability: { values: [], other_count: 0, missing_count: 0 },
        categories: [],
        prices: [],
        unpriced_count: 0,
      }),
  };

  callsTo(method: string): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  private async answer<T>(method: string, args: unknown[], value: T): Promise<T> {
    this.calls.push({ method, args });
    if (this.failure !== undefined) throw this.failure;
    return value;
  }
}

/** A finished import job row as ImportJobDto.from reads it. */
function doneJob(id: string) {
  const at = new Date('2026-01-01T00:00:00Z');
  return { id, status: 'done', total: 2, indexedCount: 2, failedCount: 0, skippedCount: 0, cursor: 2, startedAt: at, completedAt: at };
}

function overviewOf(organizationId: string) {
  return {
    organization_id: organizationId,
    product_count: 0,
    last_import: null,
    updated_at: null,
    language: 'en',
    product_languages: [],
    by_availability: {},
    top_brands: [],
    top_categories: [],
    stats_as_of: null,
  };
}
