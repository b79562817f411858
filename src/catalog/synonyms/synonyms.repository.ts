import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SynonymExpansion } from '../search/query-reading/synonym-expansion';
import type { SynonymRuleDto } from './synonym.dto';

export interface StoredSynonyms {
  rules: SynonymRuleDto[];
  updatedAt: Date | null;
}

/** An organization's synonym rules as written, and as the lexeme expansions the search applies. */
@Injectable()
export class SynonymsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async get(organizationId: string): Promise<StoredSynonyms> {
    const rows: Array<{ rules: SynonymRuleDto[]; updated_at: Date }> = await this.dataSource.query(
      `SELECT rules, updated_at FROM catalog_synonyms WHERE organization_id = $1`,
      [organizationId],
    );
    return rows.length > 0 ? { rules: rows[0].rules, updatedAt: rows[0].updated_at } : { rules: [], updatedAt: null };
  }

  /** Replaces the set (one statement: a search reads either the old set or the new one). */
  async put(organizationId: string, rules: SynonymRuleDto[], expansions: SynonymExpansion[]): Promise<Date> {
    const [row]: Array<{ updated_at: Date }> = await this.dataSource.query(
      `INSERT INTO catalog_synonyms (organization_id, rules, expansions, updated_at) VALUES ($1, $2, $3, clock_timestamp())
       ON CONFLICT (organization_id) DO UPDATE SET rules = EXCLUDED.rules, expansions = EXCLUDED.expansions, updated_at = EXCLUDED.updated_at
       RETURNING updated_at`,
      [organizationId, JSON.stringify(rules), JSON.stringify(expansions)],
    );
    return row.updated_at;
  }
}
