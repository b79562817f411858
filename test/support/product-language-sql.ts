/** SQL: the language product `p` is indexed in (its own, else its organization's), as the indexer reads it. */
export const PRODUCT_LANGUAGE = `coalesce(p.data->>'language', (SELECT o.language FROM organizations o WHERE o.id = p.organization_id))`;
