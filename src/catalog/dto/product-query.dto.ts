import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/page-query.dto';

export class ProductQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description: 'Full-text query over title, brand, categories, tags and description (web-search syntax: words, "quoted phrases", -excluded)',
    example: 'wool sweater',
  })
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'q must be 1 to 200 characters' })
  @MaxLength(200, { message: 'q must be 1 to 200 characters' })
  q?: string;
}
