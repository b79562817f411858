import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Product } from '../entities/product.entity';

export interface CatalogStats {
  byAvailability: Record<string, number>;
  topBrands: Array<{ brand: string; count: number }>;
  topCategories: Array<{ category: string; count: number }>;
}

/**
 * Aggregates for the catalog overview (an agent's or operator's first look). Each one reads every
 * product of the organization once: fine for an occasional call, not for a hot path.
 */
@Injectable()
export class CatalogStatsRepository {
  constructor(@InjectRepository(Product) private readonly repo: Repository<Product>) {}

  async stats(organizationId: string, top: number): Promise<CatalogStats> {
    const [availability, brands, categories] = await Promise.all([
      this.repo.query(
        `SELECT coalesce(data->>'availability', 'unspecified') AS key, count(*)::int AS count
           FROM products WHERE organization_id = $1 GROUP BY 1 ORDER BY 1`,
        [organizationId],
      ) as Promise<Array<{ key: string; count: number }>>,
      this.repo.query(
        `SELECT data->>'brand' AS brand, count(*)::int AS count
           FROM products WHERE organization_id = $1 AND data ? 'brand'
          GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT $2`,
        [organizationId, top],
      ) as Promise<Array<{ brand: string; count: number }>>,
      this.repo.query(
        `SELECT c.category, count(*)::int AS count
           FROM products p CROSS JOIN LATERAL jsonb_array_elements_text(p.data->'categories') AS c(category)
          WHERE p.organization_id = $1 AND jsonb_typeof(p.data->'categories') = 'array'
          GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT $2`,
        [organizationId, top],
      ) as Promise<Array<{ category: string; count: number }>>,
    ]);
    return {
      byAvailability: Object.fromEntries(availability.map((row) => [row.key, row.count])),
      topBrands: brands,
      topCategories: categories,
    };
  }
}
