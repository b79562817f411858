import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { filterConditions, INDEXED } from '../criteria/filter-sql';
import type { ProductCriteria } from '../criteria/product-criteria';

/**
 * Exact product-code lookup: `product_search.codes` holds each product's id, MPN and GTIN
 * normalised (product_search_codes(), migration 1795798769283), indexed leading with the
 * organization, so a code costs one probe of the organization's own entries.
 */
@Injectable()
export class ProductCodesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Ids of the products having any of these normalised code forms and matching the criteria, by id. */
  async find(organizationId: string, forms: string[], criteria: ProductCriteria, limit: number): Promise<string[]> {
    if (forms.length === 0) return [];
    const filters = filterConditions(criteria, INDEXED);
    const where = ['s.organization_id = CAST(:organizationId AS uuid)', 's.codes && CAST(:forms AS text[])', ...filters.sql];
    const [sql, values] = this.dataSource.driver.escapeQueryWithParameters(
      `SELECT s.product_id FROM product_search s WHERE ${where.join(' AND ')} ORDER BY s.product_id LIMIT :limit`,
      { ...filters.params, organizationId, forms, limit },
    );
    const rows: Array<{ product_id: string }> = await this.dataSource.query(sql, values);
    return rows.map((r) => r.product_id);
  }

  /** Which of these normalised code forms some product of the organization has (one probe per form). */
  async present(organizationId: string, forms: string[]): Promise<string[]> {
    if (forms.length === 0) return [];
    const rows: Array<{ form: string }> = await this.dataSource.query(
      `SELECT f.form FROM unnest($2::text[]) AS f(form)
        WHERE EXISTS (SELECT 1 FROM product_search s WHERE s.organization_id = $1 AND s.codes && ARRAY[f.form])`,
      [organizationId, forms],
    );
    return rows.map((r) => r.form);
  }
}
