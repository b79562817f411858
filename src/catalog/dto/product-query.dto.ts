import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/page-query.dto';

export class ProductQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description:
      'Full-text query over title, brand, categories, tags and description, 1 to 200 characters, in web-search syntax: ' +
      'words, "quoted phrases", -excluded (e.g. `wool sweater -cardigan`). Leave empty to list all products.',
  })
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'q must be 1 to 200 characters' })
  @MaxLength(200, { message: 'q must be 1 to 200 characters' })
  // PostgreSQL text cannot hold a NUL, and a lone surrogate has no UTF-8 form: refuse both here.
  // eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
  @Matches(/^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/, {
    message: 'q must not contain NUL characters or unpaired surrogates',
  })
  q?: string;
}
