/** SQL: the language product `p` is indexed in (its own, else its import's, else its organization's), as the indexer reads it. */
export const PRODUCT_LANGUAGE = `coalesce(p.data->>'language', p.language, (SELECT o.language FROM organizations o WHERE o.id = p.organization_id))`;
