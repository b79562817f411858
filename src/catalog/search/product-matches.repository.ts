import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { matchDetailsQuery, productMatch } from './match-details';
import { readingOwnRows, runNamed } from './own-rows';
import type { SearchPlan } from './query-reading/query-analyzer.service';
import type { ProductMatch } from './query-reading/query-interpretation';

/** How each product of a search page matched its query: one statement over the page's rows (see match-details.ts). */
@Injectable()
export class ProductMatchesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** By product id; a product no longer indexed is left out. */
  async of(organizationId: string, plan: SearchPlan, ids: string[]): Promise<Map<string, ProductMatch>> {
    if (ids.length === 0) return new Map();
    const query = matchDetailsQuery(plan, organizationId, ids);
    const notFound = plan.words.filter((w) => w.status === 'not_found').map((w) => w.word);
    const rows = await readingOwnRows(this.dataSource, (manager) =>
      runNamed<{ product_id: string; steps: number[]; score: number }>(manager, query.sql, query.params),
    );
    return new Map(rows.map((r) => [r.product_id, productMatch(query.steps, plan, r, notFound)]));
  }
}
