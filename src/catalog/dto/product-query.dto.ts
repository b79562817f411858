import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/page-query.dto';

export class ProductQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description:
      'Full-text query over title, brand, categories, tags and description (web-search syntax: words, "quoted phrases", -excluded)',
    example: 'wool sweater',
  })
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'q must be 1 to 200 characters' })
  @MaxLength(200, { message: 'q must be 1 to 200 characters' })
  // eslint-disable-next-line no-control-regex -- a NUL cannot reach PostgreSQL
  @Matches(/^[^\u0000]*$/, { message: 'q must not contain NUL characters' })
  q?: string;
}
