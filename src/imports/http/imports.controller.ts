import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal } from '../../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../../auth/decorators/require-scopes.decorator';
import type { Principal } from '../../auth/principal';
import { hasScopes, missingScopesError } from '../../auth/scopes';
import { AppConfig } from '../../common/config/app-config';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { UuidParam } from '../../common/pipes/uuid-param.pipe';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { API_TAGS } from '../../openapi/api-tags';
import { ERROR_EXAMPLES } from '../../openapi/error-examples';
import { ImportErrorsPageDto } from '../dto/import-errors-page.dto';
import { ImportJobPageDto } from '../dto/import-job-page.dto';
import { ImportJobDto } from '../dto/import-job.dto';
import { ImportCancellationService } from '../jobs/import-cancellation.service';
import { ImportJobReportDto } from '../dto/import-report.dto';
import { UploadQueryDto } from '../dto/upload-query.dto';
import { UploadRequestDto } from '../dto/upload-request.dto';
import { UploadResultDto } from '../dto/upload-result.dto';
import { ApiIdempotencyKeyHeader, IdempotencyKey } from './idempotency-key.decorator';
import { ImportJobsService } from '../import-jobs.service';
import { ImportReportService } from './import-report.service';
import { ImportUploadService } from './import-upload.service';
import { IMPORT_ERRORS } from './imports-error-examples';

const { bad_request, conflict, not_found, payload_too_large, unsupported_media_type, rate_limited, unavailable } = IMPORT_ERRORS;
const validation = { ...ERROR_EXAMPLES.validation, ...IMPORT_ERRORS.validation };
const JOB_ID_PARAM = { name: 'job_id', format: 'uuid', description: 'The job_id the upload answered with' } as const;

@ApiTags(API_TAGS.imports.name)
@Controller('v1/catalogs/imports')
export class ImportsController {
  constructor(
    private readonly uploads: ImportUploadService,
    private readonly jobs: ImportJobsService,
    private readonly reports: ImportReportService,
    private readonly cancellation: ImportCancellationService,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @RequireScopes('accounts--my:rw')
  @ApiOperation({
    operationId: 'upload-product-catalog',
    summary: 'Upload a product catalog',
    description:
      'Queues an import of a catalog file and answers at once: a JSON array of products, JSON Lines (one product a line), CSV ' +
      '(a header of our field names, nested fields as dotted paths such as price.amount and attributes.color, list cells separated by |) ' +
      'or a Google Merchant Center feed (tab-separated, or RSS 2.0/Atom XML with the g: namespace; GMC attribute names, mapped as ' +
      'the product schema documentation tables). The format comes from the part content type, then the file name, then the first bytes; ' +
      'one that cannot be told is answered 415. Each product is a ' +
      '[Product](#model-Product) (the `Product` schema, #/components/schemas/Product). 202 does not mean the products are valid: invalid ones ' +
      'are counted in failed_count and listed by list-import-errors. Products absent from the file are kept (mode=merge, the default) ' +
      'or deleted when the job ends done (mode=replace; refused as failure mass_delete_refused when that would delete more than ' +
      'REPLACE_MAX_DELETE_RATIO of the catalog, unless allow_mass_delete=true, which needs the scope catalog:replace as well). ' +
      'Poll check-import-status (the Location header) until the status is done or failed.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadRequestDto, description: 'One part named "file": the catalog file (JSON, JSON Lines, CSV, GMC TSV or XML)' })
  @ApiIdempotencyKeyHeader()
  @ApiAcceptedResponse({
    type: UploadResultDto,
    description: 'Queued (or, for a repeated Idempotency-Key with the same file, the first job); Location names the job',
    headers: {
      Location: {
        description: 'Path of the import job: GET it to check its status (check-import-status)',
        schema: { type: 'string', example: '/v1/catalogs/imports/3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10' },
      },
    },
  })
  @ApiErrors(
    bad_request.malformedMultipart,
    bad_request.aborted,
    bad_request.tooManyParts,
    bad_request.tooSlow,
    payload_too_large.file,
    unsupported_media_type.notMultipart,
    unsupported_media_type.unknownFormat,
    validation.noFilePart,
    validation.twoFiles,
    validation.fileName,
    validation.idempotencyKeyLength,
    validation.idempotencyKeyReused,
    validation.mode,
    validation.allowMassDelete,
    validation.allowMassDeleteWithoutReplace,
    validation.unknownParameter,
    IMPORT_ERRORS.authorization.massDelete,
    rate_limited.uploadsPerAccount,
    rate_limited.uploadsPerOrganization,
    rate_limited.pendingImports,
    rate_limited.pendingImportBytes,
    unavailable.uploadsPerServer,
  )
  async upload(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @CurrentPrincipal() principal: Principal,
    @Query() query: UploadQueryDto,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<UploadResultDto> {
    // Refused before the file is read: nothing is stored.
    if (query.mode === 'replace' && query.allow_mass_delete && !hasScopes(principal.scopes, ['catalog:replace'])) {
      throw missingScopesError(['catalog:replace']);
    }
    const jobId = await this.uploads.upload(request, principal, idempotencyKey, {
      mode: query.mode,
      allowMassDelete: query.allow_mass_delete,
      language: query.language ?? null,
    });
    response.location(`${this.config.basePath}/v1/catalogs/imports/${jobId}`);
    return { job_id: jobId };
  }

  @Get()
  @RequireScopes('accounts--my:ro')
  @ApiOperation({ operationId: 'list-imports', summary: 'List import jobs', description: "Your organization's import jobs, newest first." })
  @ApiOkResponse({ type: ImportJobPageDto, description: 'One page of import jobs' })
  @ApiErrors(validation.limit, validation.cursor, validation.unknownParameter)
  list(@CurrentPrincipal() principal: Principal, @Query() query: PageQueryDto): Promise<ImportJobPageDto> {
    return this.jobs.list(principal.organizationId, query.limit, query.cursor);
  }

  @Get(':job_id')
  @RequireScopes('accounts--my:ro')
  @ApiOperation({
    operationId: 'check-import-status',
    summary: 'Check import status',
    description: 'Status and counters of an import job of your organization.',
  })
  @ApiParam(JOB_ID_PARAM)
  @ApiOkResponse({ type: ImportJobDto, description: 'The import job' })
  @ApiErrors(validation.jobId, not_found.importJob)
  async status(@Param('job_id', UuidParam('job_id')) jobId: string, @CurrentPrincipal() principal: Principal): Promise<ImportJobDto> {
    return ImportJobDto.from(await this.jobs.getForOrganization(jobId, principal.organizationId));
  }

  @Get(':job_id/errors')
  @RequireScopes('accounts--my:ro')
  @ApiOperation({
    operationId: 'list-import-errors',
    summary: 'List why products failed',
    description: 'Invalid elements of the file in file order, and `failure` when the job failed as a whole.',
  })
  @ApiParam(JOB_ID_PARAM)
  @ApiOkResponse({ type: ImportErrorsPageDto, description: 'One page of errors, in file order' })
  @ApiErrors(validation.jobId, validation.limit, validation.cursor, validation.unknownParameter, not_found.importJob)
  errors(
    @Param('job_id', UuidParam('job_id')) jobId: string,
    @CurrentPrincipal() principal: Principal,
    @Query() query: PageQueryDto,
  ): Promise<ImportErrorsPageDto> {
    return this.jobs.listErrors(jobId, principal.organizationId, query.limit, query.cursor);
  }

  @Get(':job_id/report')
  @RequireScopes('accounts--my:ro')
  @ApiOperation({
    operationId: 'get-import-report',
    summary: 'Get an import report',
    description:
      'The ImportJob plus its mode, the file (name, bytes, SHA-256), products a replace import deleted, the failure, how many error ' +
      'details were kept, the duration and when a cancel was requested.',
  })
  @ApiParam(JOB_ID_PARAM)
  @ApiOkResponse({
    type: ImportJobReportDto,
    description: 'The report of the job as it is now',
    example: {
      job_id: '3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10',
      status: 'done',
      total: 1200,
      indexed_count: 40,
      failed_count: 3,
      skipped_count: 1157,
      progress: 43,
      started_at: '2026-11-26T07:00:01.120Z',
      completed_at: '2026-11-26T07:00:02.410Z',
      mode: 'replace',
      language: 'de',
      file: { name: 'catalog.json', bytes: 734_211, sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' },
      deleted_count: 12,
      failure: null,
      error_details_kept: 3,
      duration_ms: 1290,
      cancel_requested_at: null,
    },
  })
  @ApiErrors(validation.jobId, not_found.importJob)
  report(@Param('job_id', UuidParam('job_id')) jobId: string, @CurrentPrincipal() principal: Principal): Promise<ImportJobReportDto> {
    return this.reports.get(jobId, principal.organizationId);
  }

  @Post(':job_id/cancel')
  @HttpCode(HttpStatus.ACCEPTED)
  @RequireScopes('accounts--my:rw')
  @ApiOperation({
    operationId: 'cancel-import',
    summary: 'Cancel an import',
    description:
      'A pending job ends failed with failure.type cancelled at once (nothing applied). A processing job stops at its next batch ' +
      'boundary and then ends failed/cancelled: batches committed before stay applied and counted, and a replace import deletes ' +
      'nothing. Always 202 with the job as it is now; asking again answers the same. Follow it with get-import-report.',
  })
  @ApiParam(JOB_ID_PARAM)
  @ApiAcceptedResponse({
    type: ImportJobDto,
    description: 'Cancelled (pending), or cancelling (processing: it ends at the next batch boundary)',
    example: {
      job_id: '3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10',
      status: 'processing',
      total: 5000,
      indexed_count: 2000,
      failed_count: 0,
      skipped_count: 0,
      progress: 2000,
      started_at: '2026-11-26T07:00:01.120Z',
      completed_at: null,
    },
  })
  @ApiErrors(validation.jobId, not_found.importJob, conflict.importFinished)
  async cancel(@Param('job_id', UuidParam('job_id')) jobId: string, @CurrentPrincipal() principal: Principal): Promise<ImportJobDto> {
    return ImportJobDto.from(await this.cancellation.cancel(jobId, principal.organizationId));
  }
}
