import { Body, Controller, Get, Put, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../../auth/decorators/require-scopes.decorator';
import type { Principal } from '../../auth/principal';
import { JsonBodyInterceptor } from '../../common/http/json-body.interceptor';
import { ApiErrors } from '../../openapi/api-errors.decorator';
import { API_TAGS } from '../../openapi/api-tags';
import { ERROR_EXAMPLES } from '../../openapi/error-examples';
import { SYNONYM_ERRORS } from './synonym-error-examples';
import { PutSynonymsDto, SYNONYM_LIMITS, SynonymSetDto } from './synonym.dto';
import { SynonymsService } from './synonyms.service';

const { bad_request, unsupported_media_type } = ERROR_EXAMPLES;
const { payload_too_large } = SYNONYM_ERRORS;
const validation = { ...ERROR_EXAMPLES.validation, ...SYNONYM_ERRORS.validation };

@ApiTags(API_TAGS.catalog.name)
@Controller('v1/catalogs/synonyms')
export class SynonymsController {
  constructor(private readonly synonyms: SynonymsService) {}

  @Get()
  @RequireScopes('accounts--my:ro')
  @ApiOperation({
    operationId: 'get-synonyms',
    summary: "Your organization's search synonyms",
    description: 'The rules as last written with PUT (an empty list and updated_at null if never set).',
  })
  @ApiOkResponse({ type: SynonymSetDto, description: 'The current set (empty if never set)' })
  get(@CurrentPrincipal() principal: Principal): Promise<SynonymSetDto> {
    return this.synonyms.get(principal.organizationId);
  }

  @Put()
  @RequireScopes('accounts--my:rw')
  @UseInterceptors(new JsonBodyInterceptor(SYNONYM_LIMITS.bodyBytes))
  @ApiOperation({
    operationId: 'put-synonyms',
    summary: 'Replace the search synonyms',
    description:
      `Replaces the whole set: at most ${SYNONYM_LIMITS.rules} rules of at most ${SYNONYM_LIMITS.forms} words or phrases, each ` +
      `1-${SYNONYM_LIMITS.formLength} characters (body up to 64 KiB). Applied at query time to REST, UCP and MCP searches from the ` +
      'next request on; no reindexing. Words are normalised like queries (case, accents, plurals), so "Jumpers" covers "jumper". ' +
      'A product found through a synonym ranks below one with the word itself. Other organizations are unaffected.',
  })
  @ApiBody({
    type: PutSynonymsDto,
    examples: {
      both: {
        value: {
          synonyms: [
            { type: 'one_way', input: 'jumper', synonyms: ['sweater'] },
            { type: 'group', synonyms: ['earphones', 'earbuds', 'headphones'] },
          ],
        },
      },
    },
  })
  @ApiOkResponse({ type: SynonymSetDto, description: 'The new set' })
  @ApiErrors(
    bad_request.invalidJson,
    payload_too_large.synonymsBody,
    unsupported_media_type.notJson,
    validation.jsonObject,
    validation.synonymForm,
    validation.synonymGroup,
    validation.unknownParameter,
  )
  put(@CurrentPrincipal() principal: Principal, @Body() body: PutSynonymsDto): Promise<SynonymSetDto> {
    return this.synonyms.put(principal.organizationId, body.synonyms);
  }
}
