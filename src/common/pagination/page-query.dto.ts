import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** `limit` and `cursor` of every list endpoint. */
export class PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, description: 'Page size' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer from 1 to 100' })
  @Min(1, { message: 'limit must be an integer from 1 to 100' })
  @Max(MAX_PAGE_SIZE, { message: 'limit must be an integer from 1 to 100' })
  limit: number = DEFAULT_PAGE_SIZE;

  @ApiPropertyOptional({ description: "Opaque cursor from the previous page's next_cursor" })
  @IsOptional()
  @IsString()
  @MaxLength(1024, { message: 'cursor is not a cursor returned by this endpoint' })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor is not a cursor returned by this endpoint' })
  cursor?: string;
}
