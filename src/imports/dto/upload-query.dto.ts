import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, Matches, MaxLength } from 'class-validator';
import { LANGUAGE_TAG_MAX_LENGTH, LANGUAGE_TAG_MESSAGE, LANGUAGE_TAG_PATTERN } from '../../common/languages/language-tag';
import { IMPORT_MODES, type ImportMode } from '../jobs/entities/import-job-status';

/** Query parameters of the upload: how the file is applied to the catalog. */
export class UploadQueryDto {
  @ApiPropertyOptional({
    enum: IMPORT_MODES,
    default: 'merge',
    description:
      'merge: products absent from the file stay. replace: when the job ends done, every product of your organization whose id ' +
      'does not occur in the file (valid element or not) is deleted, in the same transaction',
  })
  @IsOptional()
  @IsIn(IMPORT_MODES, { message: 'mode must be merge or replace' })
  mode: ImportMode = 'merge';

  @ApiPropertyOptional({
    type: 'boolean',
    default: false,
    description:
      'mode=replace only: allow deleting more than REPLACE_MAX_DELETE_RATIO (default 0.5) of the catalog. Without it such a job ' +
      'ends failed with failure.type mass_delete_refused and changes nothing',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'allow_mass_delete must be true or false' })
  allow_mass_delete: boolean = false;

  @ApiPropertyOptional({
    type: 'string',
    maxLength: LANGUAGE_TAG_MAX_LENGTH,
    pattern: LANGUAGE_TAG_PATTERN.source,
    example: 'de',
    description:
      "The language of the file's products that name none of their own (BCP 47): recorded on each product the file names, so " +
      "search reads it by that language's rules. Precedence: the product's own `language`, then the last import's that named one, " +
      "then the organization's default (GET /v1/catalogs). Without it, products keep the language an earlier import recorded.",
  })
  @IsOptional()
  @Matches(LANGUAGE_TAG_PATTERN, { message: `language ${LANGUAGE_TAG_MESSAGE}` })
  @MaxLength(LANGUAGE_TAG_MAX_LENGTH, { message: `language ${LANGUAGE_TAG_MESSAGE}` })
  language?: string;
}
