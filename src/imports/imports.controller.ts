import { Controller, Get, Headers, HttpCode, HttpStatus, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiRequestTimeoutResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../auth/decorators/require-scopes.decorator';
import type { Principal } from '../auth/principal';
import { AppConfig } from '../common/config/app-config';
import { ErrorResponse } from '../common/errors/error-response.dto';
import { PageQueryDto } from '../common/pagination/page-query.dto';
import { UuidParam } from '../common/pipes/uuid-param.pipe';
import { ImportErrorsPageDto } from './dto/import-errors-page.dto';
import { ImportJobPageDto } from './dto/import-job-page.dto';
import { ImportJobDto } from './dto/import-job.dto';
import { ImportJobsService } from './import-jobs.service';
import { UploadRequestDto } from './dto/upload-request.dto';
import { UploadResultDto } from './dto/upload-result.dto';
import { ImportUploadService } from './import-upload.service';

@ApiTags('imports')
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
      'Queues an import of a JSON file holding an array of products and answers at once. 202 does not mean the products are valid: ' +
      'invalid ones are counted in failed_count and listed by list-import-errors. Products absent from the file are kept (merge).',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadRequestDto })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Up to 255 characters, bound to the SHA-256 of the file: within 24 h the same key with the same file returns the first ' +
      'job_id (nothing stored); with a different file it is refused with 422',
  })
  @ApiAcceptedResponse({ type: UploadResultDto, description: 'Queued; Location names the job' })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'Malformed multipart body' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponse, description: 'File larger than 52,428,800 bytes; nothing was stored' })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorResponse, description: 'Not multipart/form-data' })
  @ApiRequestTimeoutResponse({
    type: ErrorResponse,
    description: 'The file arrived slower than UPLOAD_MIN_BYTES_PER_SECOND; the connection is closed and nothing was stored',
  })
  @ApiUnprocessableEntityResponse({
    type: ErrorResponse,
    description: 'No file part, more than one file, a name not ending in .json, or an Idempotency-Key already used with a different file',
  })
  async upload(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @CurrentPrincipal() principal: Principal,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<UploadResultDto> {
    const jobId = await this.uploads.upload(request, principal, idempotencyKey);
    response.location(`${this.config.basePath}/v1/catalogs/imports/${jobId}`);
    return { job_id: jobId };
  }

  @Get()
  @RequireScopes('accounts--my:ro')
  @ApiOperation({ operationId: 'list-imports', summary: 'List import jobs', description: "Your organization's import jobs, newest first." })
  @ApiOkResponse({ type: ImportJobPageDto })
  @ApiUnprocessableEntityResponse({ type: ErrorResponse, description: 'Invalid limit or cursor' })
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
  @ApiParam({ name: 'job_id', format: 'uuid', description: 'The id returned by the upload' })
  @ApiOkResponse({ type: ImportJobDto, description: 'The import job' })
  @ApiUnprocessableEntityResponse({ type: ErrorResponse, description: 'job_id is not a UUID' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: "No import job with that id in the caller's organization" })
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
  @ApiParam({ name: 'job_id', format: 'uuid' })
  @ApiOkResponse({ type: ImportErrorsPageDto })
  @ApiUnprocessableEntityResponse({ type: ErrorResponse, description: 'job_id is not a UUID, or invalid limit or cursor' })
  @ApiNotFoundResponse({ type: ErrorResponse, description: "No import job with that id in the caller's organization" })
  errors(
    @Param('job_id', UuidParam('job_id')) jobId: string,
    @CurrentPrincipal() principal: Principal,
    @Query() query: PageQueryDto,
  ): Promise<ImportErrorsPageDto> {
    return this.jobs.listErrors(jobId, principal.organizationId, query.limit, query.cursor);
  }
}
