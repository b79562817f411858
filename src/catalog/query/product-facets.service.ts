import { Injectable } from '@nestjs/common';
import type { ProductFacetsDto } from '../dto/product-facets.dto';
import { ProductFacetsRepository } from '../search/product-facets.repository';
import { QueryAnalyzerService } from '../search/query-reading/query-analyzer.service';
import { withInferred } from './inferred-criteria';
import { withIntent } from './intent-criteria';
import type { ProductCriteria } from '../criteria/product-criteria';
import { ProductQueryRepository } from './product-query.repository';
import { matchesNothing, planFor } from './match-all';

const EMPTY_FACET = { values: [], other_count: 0, missing_count: 0 };

/** Facet counts for a list or search, through REST and MCP alike. */
@Injectable()
export class ProductFacetsService {
  constructor(
    private readonly analyzer: QueryAnalyzerService,
    private readonly facets: ProductFacetsRepository,
    private readonly products: ProductQueryRepository,
  ) {}

  /** As ProductQueryService.withIntent: counts follow the search a buyer's intent narrows. */
  withIntent(organizationId: string, criteria: ProductCriteria, intent: string | undefined) {
    return withIntent(criteria, intent, () => this.products.mainCurrency(organizationId));
  }

  /** Counts over what `page` would return for the same criteria and page size. */
  async count(organizationId: string, given: ProductCriteria, pageSize: number): Promise<ProductFacetsDto> {
    let search;
    let criteria = given;
    if (criteria.q !== undefined) {
      await this.facets.ownRowsFromHere();
      const plan = planFor(await this.analyzer.analyze(organizationId, criteria.q, criteria.languages), criteria);
      if (matchesNothing(plan, criteria)) {
        return {
          total_count: 0,
          total_count_exact: true,
          brands: EMPTY_FACET,
          availability: EMPTY_FACET,
          categories: [],
          prices: [],
          unpriced_count: 0,
        };
      }
      search = { plan, ladder: criteria.matchAll ? false : { auto: pageSize } };
      criteria = (await withInferred(plan.constraints, given, () => this.products.mainCurrency(organizationId))).criteria;
    }
    const { counted, exact, ...facets } = await this.facets.facets(organizationId, criteria, search);
    return { total_count: counted, total_count_exact: exact, ...facets };
  }
}
