/**
 * The organization's most recent import job as the API shows it (the ImportJob schema), for
 * GET /v1/catalogs. The import module binds it: the catalog knows nothing of import jobs.
 */
export abstract class LatestImportSource {
  abstract latestImport(organizationId: string): Promise<object | null>;
}
