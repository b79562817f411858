import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { Product } from '../entities/product.entity';
import { ProductDto } from '../product/product.dto';
import type { ProductMatch } from '../search/query-reading/query-interpretation';
import { ProductMatchDto, QueryInterpretationDto } from './query-interpretation.dto';

/** A product as the catalog stores it: the validated fields plus bookkeeping. */
@ApiSchema({
  name: 'StoredProduct',
  description: 'A product as stored (id always a string), with when and by which import it was written.',
})
export class StoredProductDto extends ProductDto {
  @ApiProperty({ type: 'string', format: 'date-time', description: 'When the product was first imported' })
  created_at: string;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    description: 'When an import last changed the product (unchanged re-imports do not touch it)',
  })
  updated_at: string;

  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'The import job that last changed the product' })
  last_import_job_id: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    description:
      "Only with collapse_variants=true: how many other products of this product's variant group (group_id) match the same q and " +
      'filters (0 for a product without group_id)',
  })
  sibling_count?: number;

  @ApiPropertyOptional({
    type: ProductMatchDto,
    description: 'Only with q: how this product matched the query, which words it has and where, which it lacks',
  })
  _match?: ProductMatch;

  static from(product: Product, siblingCount?: number, match?: ProductMatch): StoredProductDto {
    return {
      ...(product.data as unknown as ProductDto),
      created_at: product.createdAt.toISOString(),
      updated_at: product.updatedAt.toISOString(),
      last_import_job_id: product.lastImportJobId,
      ...(siblingCount !== undefined && { sibling_count: siblingCount }),
      ...(match && { _match: match }),
    };
  }
}

@ApiSchema({ name: 'StoredProductPage' })
export class StoredProductPageDto {
  @ApiProperty({ type: [StoredProductDto] })
  data: StoredProductDto[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as cursor for the next page; null on the last page' })
  next_cursor: string | null;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description:
      'Products the query and filters match, exact up to 10,000 (see total_count_exact). A search counts its all-words matches, ' +
      'plus its partial matches when they were added to fill the first page. With collapse_variants=true: the variant groups among them.',
  })
  total_count: number;

  @ApiProperty({ description: 'False when more products match than total_count says (it stops counting at 10,000)' })
  total_count_exact: boolean;

  @ApiProperty({
    description:
      'False when a work bound cut the ranking short (a query of many words in a very large catalog whose best score levels are empty: ' +
      'docs/search.md "Ranking at scale"): the page\'s last products are the best of a sample of 10,000 matches, not necessarily of all. ' +
      'True on every other page, whose order is exact.',
  })
  ranking_exact: boolean;

  @ApiProperty({ type: QueryInterpretationDto, description: 'How q was read (match "browse" without q)' })
  interpretation: QueryInterpretationDto;
}
