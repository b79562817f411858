import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Organization } from '../entities/organization.entity';

@Injectable()
export class OrganizationRepository {
  constructor(@InjectRepository(Organization) private readonly repo: Repository<Organization>) {}

  create(name: string): Promise<Organization> {
    return this.repo.save(this.repo.create({ name }));
  }

  findById(id: string): Promise<Organization | null> {
    return this.repo.findOneBy({ id });
  }

  /**
   * Sets the organization's default language and, when its reading rules changed, lists its
   * products that name no language (nor had one from an import) for indexing again (the worker rewrites their
   * vectors within seconds; the old ones answer meanwhile). One statement: both or neither.
   * Answers the number of products listed, or null for an unknown organization.
   */
  async setLanguage(id: string, language: string): Promise<number | null> {
    const [row]: Array<{ reindexed: number }> = await this.repo.query(
      `WITH old AS (SELECT language FROM organizations WHERE id = $1 FOR UPDATE),
            changed AS (UPDATE organizations o SET language = $2 FROM old WHERE o.id = $1 RETURNING old.language AS was),
            listed AS (
              INSERT INTO product_search_pending (organization_id, product_id)
              SELECT p.organization_id, p.product_id FROM products p, changed c
               WHERE p.organization_id = $1 AND NOT p.data ? 'language' AND p.language IS NULL
                 AND (search_language_config(c.was) <> search_language_config($2) OR search_language_folding(c.was) <> search_language_folding($2))
              ON CONFLICT DO NOTHING
              RETURNING 1)
       SELECT (SELECT count(*) FROM listed)::int AS reindexed FROM changed`,
      [id, language],
    );
    return row ? row.reindexed : null;
  }
}
