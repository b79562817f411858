import { Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../auth/decorators/require-scopes.decorator';
import type { Principal } from '../auth/principal';
import { AppConfig } from '../common/config/app-config';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidParam } from '../common/pipes/uuid-param.pipe';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { API_TAGS } from '../openapi/api-tags';
import { ERROR_EXAMPLES } from '../openapi/error-examples';
import { ImportErrorsPageDto } from './dto/import-errors-page.dto';
import { ImportJobPageDto } from './dto/import-job-page.dto';
import { ImportJobDto } from './dto/import-job.dto';
import { UploadRequestDto } from './dto/upload-request.dto';
import { UploadResultDto } from './dto/upload-result.dto';
import { ApiIdempotencyKeyHeader, IdempotencyKey } from './idempotency-key.decorator';
import { ImportJobsService } from './import-jobs.service';
import { ImportUploadService } from './import-upload.service';

const { bad_request, not_found, payload_too_large, unsupported_media_type, validation, rate_limited, unavailable } = ERROR_EXAMPLES;
const JOB_ID_PARAM = { name: 'job_id', format: 'uuid', description: 'The job_id the upload answered with' } as const;

@ApiTags(API_TAGS.imports.name)
@Controller('v1/catalogs/imports')
export class ImportsController {
  constructor(
    private readonly uploads: ImportUploadService,
    private readonly jobs: ImportJobsService,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @RequireScopes('accounts--my:rw')
  @ApiOperation({
    operationId: 'upload-product-catalog',
    summary: 'Upload a product catalog',
    description:
      'Queues an import of a JSON file holding an array of products and answers at once. Each element of the array is a ' +
      '[Product](#model-Product) (the `Product` schema, #/components/schemas/Product). 202 does not mean the products are valid: invalid ones ' +
      'are counted in failed_count and listed by list-import-errors. Products absent from the file are kept (merge). ' +
      'Poll check-import-status (the Location header) until the status is done or failed.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadRequestDto, description: 'One part named "file": the JSON file of products' })
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
    validation.noFilePart,
    validation.twoFiles,
    validation.fileName,
    validation.idempotencyKeyLength,
    validation.idempotencyKeyReused,
    rate_limited.uploadsPerAccount,
    unavailable.uploadsPerServer,
  )
  async upload(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @CurrentPrincipal() principal: Principal,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<UploadResultDto> {
    const jobId = await this.uploads.upload(request, principal, idempotencyKey);
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
}
