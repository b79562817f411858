import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * catalog_counts (migration ExactProductCount1795865000000): the organization's product count, kept
 * by triggers on products in the transaction of every write, so exact as of the last commit.
 */
@Injectable()
export class CatalogCountsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One row read by key; an organization without a row (none while it exists) has no products. */
  async products(organizationId: string): Promise<number> {
    const rows: Array<{ products: string }> = await this.dataSource.query(
      `SELECT products FROM catalog_counts WHERE organization_id = $1`,
      [organizationId],
    );
    return rows.length > 0 ? Number(rows[0].products) : 0; // bigint arrives as text
  }
}
