import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../common/pagination/page-query.dto';
import { ImportJobDto } from '../../imports/dto/import-job.dto';
import type { ImportJobsService } from '../../imports/import-jobs.service';
import type { CatalogOverviewService } from '../catalog-overview.service';
import { catalogOverview, importErrorsPage, importJob, importJobPage } from './output-schemas';
import { toolResult } from './tool-result';

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;
const page = {
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE).describe(`Page size 1-${MAX_PAGE_SIZE}`),
  cursor: z.string().min(1).max(1024).optional().describe('next_cursor of the previous page'),
};
const jobId = z.uuid().describe('Import job id (job_id of the upload answer or of list_imports)');

export interface ServiceToolDeps {
  overview: CatalogOverviewService;
  jobs: ImportJobsService;
}

/** Tools for whoever runs the imports: the same reads as GET /v1/catalogs and /v1/catalogs/imports…. */
export function registerServiceTools(server: McpServer, deps: ServiceToolDeps, organizationId: string): void {
  server.registerTool(
    'catalog_overview',
    {
      title: 'Catalog overview',
      description:
        'Product count (exact as of the last commit), last import, when the catalog last changed, counts by availability, ' +
        'top 10 brands and categories (maintained counts, as of stats_as_of).',
      inputSchema: z.object({}),
      outputSchema: catalogOverview,
      annotations: READ_ONLY,
    },
    () => toolResult(() => deps.overview.overview(organizationId)),
  );

  server.registerTool(
    'list_imports',
    {
      title: 'List import jobs',
      description: "The organization's import jobs, newest first, with their status and counters (keyset pages).",
      inputSchema: z.object(page),
      outputSchema: importJobPage,
      annotations: READ_ONLY,
    },
    ({ limit, cursor }) => toolResult(() => deps.jobs.list(organizationId, limit, cursor)),
  );

  server.registerTool(
    'get_import_status',
    {
      title: 'Import job status',
      description:
        'The nine ImportJob fields of one import: status, total, indexed/failed/skipped counts, progress, started_at, completed_at.',
      inputSchema: z.object({ job_id: jobId }),
      outputSchema: importJob,
      annotations: READ_ONLY,
    },
    ({ job_id }) => toolResult(async () => ImportJobDto.from(await deps.jobs.getForOrganization(job_id, organizationId))),
  );

  server.registerTool(
    'list_import_errors',
    {
      title: 'Import errors',
      description: 'Why products of an import failed (element index, product id, field errors), and why a failed job failed as a whole.',
      inputSchema: z.object({ job_id: jobId, ...page }),
      outputSchema: importErrorsPage,
      annotations: READ_ONLY,
    },
    ({ job_id, limit, cursor }) => toolResult(() => deps.jobs.listErrors(job_id, organizationId, limit, cursor)),
  );
}
