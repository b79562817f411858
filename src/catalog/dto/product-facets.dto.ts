import { ApiProperty, ApiSchema, OmitType } from '@nestjs/swagger';
import { ProductQueryDto } from './product-query.dto';

/** The facets route takes the list's query and filters; `limit` is the page size whose search the facets describe. */
export class FacetQueryDto extends OmitType(ProductQueryDto, ['cursor', 'toCriteria'] as const) {}

@ApiSchema({ name: 'FacetValue' })
export class FacetValueDto {
  @ApiProperty({ example: 'Northwind' })
  value: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  count: number;
}

@ApiSchema({ name: 'ValueFacet', description: 'values + other_count + missing_count = total_count' })
export class ValueFacetDto {
  @ApiProperty({ type: [FacetValueDto], description: 'The 100 most frequent values, most frequent first (ties by value)' })
  values: FacetValueDto[];

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Products with a value not listed (beyond the first 100)' })
  other_count: number;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Products without a value' })
  missing_count: number;
}

@ApiSchema({
  name: 'CategoryLevelFacet',
  description:
    'Category paths cut at one level ("Apparel" at level 1, "Apparel > Sweaters" at 2). A product in several categories counts once ' +
    'per distinct value, so values may add up to more than total_count.',
})
export class CategoryLevelFacetDto extends ValueFacetDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  level: number;
}

@ApiSchema({ name: 'PriceFacet', description: 'Price a buyer pays (sale_price, else price), in one currency' })
export class PriceFacetDto {
  @ApiProperty({ example: 'USD' })
  currency: string;

  @ApiProperty({ example: '9.99', description: 'Lowest price, major units as a decimal string' })
  min: string;

  @ApiProperty({ example: '249.00', description: 'Highest price, major units as a decimal string' })
  max: string;

  @ApiProperty({ type: 'integer', minimum: 1 })
  count: number;
}

@ApiSchema({
  name: 'ProductFacets',
  description:
    'Counts over the products a list or search with the same parameters returns, 10,000 of them at most. When more match ' +
    '(total_count_exact false), every count below is over the 10,000 counted (the first its indexes yield, not the best ' +
    'ranked): a lower bound of the count over all matches, and a value beyond them may be missing.',
})
export class ProductFacetsDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Products counted: the total_count of the same list or search' })
  total_count: number;

  @ApiProperty({
    description: 'False when more products match than were counted (10,000 at most): then every facet count is a lower bound',
  })
  total_count_exact: boolean;

  @ApiProperty({ type: ValueFacetDto, description: 'By brand (case-insensitive; shown in one of its spellings)' })
  brands: ValueFacetDto;

  @ApiProperty({ type: ValueFacetDto, description: 'By availability' })
  availability: ValueFacetDto;

  @ApiProperty({ type: [CategoryLevelFacetDto], description: 'By category, one entry per level' })
  categories: CategoryLevelFacetDto[];

  @ApiProperty({ type: [PriceFacetDto], description: 'Price range and count per currency; prices + unpriced_count = total_count' })
  prices: PriceFacetDto[];

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Products without a price' })
  unpriced_count: number;
}
