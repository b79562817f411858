import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEFAULT_LANGUAGE } from '../../common/languages/language-tag';

/** The languages an organization's catalog is read in (migration 1795860000000). */
export interface CatalogLanguages {
  /** The organization's default (BCP 47): products naming no language are read by its rules. */
  language: string;
  /** The languages (primary subtags) its products name themselves, kept by the indexer. */
  productLanguages: string[];
}

@Injectable()
export class CatalogLanguagesRepository {
  constructor(private readonly dataSource: DataSource) {}

  async of(organizationId: string): Promise<CatalogLanguages> {
    const [row]: Array<{ language: string; product_languages: string[] }> = await this.dataSource.query(
      `SELECT o.language, ARRAY(SELECT c.language FROM catalog_languages c WHERE c.organization_id = o.id ORDER BY c.language) AS product_languages
         FROM organizations o WHERE o.id = $1`,
      [organizationId],
    );
    return { language: row?.language ?? DEFAULT_LANGUAGE, productLanguages: row?.product_languages ?? [] };
  }
}
