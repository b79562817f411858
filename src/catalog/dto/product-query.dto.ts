import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { ISO_4217_CURRENCY_CODES } from '../validation/currencies';
import { AVAILABILITY_VALUES, type Availability } from '../validation/product-vocabulary';
import type { ProductCriteria } from '../query/product-criteria';
import { normaliseCategoryPath } from '../query/product-criteria';

// PostgreSQL text cannot hold a NUL, and a lone surrogate has no UTF-8 form: refuse both here.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const STORABLE = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const DECIMAL = /^\d{1,13}(?:\.\d{1,4})?$/;
const PRICE_MESSAGE = 'must be a decimal amount in major units (e.g. 19.99), at most 4 decimals';

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
  @Matches(STORABLE, { message: 'q must not contain NUL characters or unpaired surrogates' })
  q?: string;

  // No `example` on these filters: Swagger UI would pre-fill "Try it out" with it and silently filter the list.
  @ApiPropertyOptional({ description: 'Only products of this brand, case-insensitive (e.g. `Northwind`)' })
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'brand must be 1 to 70 characters' })
  @MaxLength(70, { message: 'brand must be 1 to 70 characters' })
  @Matches(STORABLE, { message: 'brand must not contain NUL characters or unpaired surrogates' })
  brand?: string;

  @ApiPropertyOptional({
    description:
      'Only products with a category path starting with these whole segments (case-insensitive): "Apparel" matches "Apparel > Sweaters"',
  })
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'category must be 1 to 255 characters' })
  @MaxLength(255, { message: 'category must be 1 to 255 characters' })
  @Matches(STORABLE, { message: 'category must not contain NUL characters or unpaired surrogates' })
  category?: string;

  @ApiPropertyOptional({
    description: `Only products with one of these availabilities, comma-separated (${AVAILABILITY_VALUES.join(', ')}; e.g. \`in_stock,preorder\`)`,
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',') : value))
  @IsIn(AVAILABILITY_VALUES, { each: true, message: `availability must be a comma-separated list of ${AVAILABILITY_VALUES.join(', ')}` })
  availability?: Availability[];

  @ApiPropertyOptional({
    description: 'Currency of price_min/price_max (required with them). Only products priced in it match; no conversion (e.g. `EUR`).',
  })
  @ValidateIf((query: ProductQueryDto) => query.currency !== undefined || query.price_min !== undefined || query.price_max !== undefined)
  @IsIn([...ISO_4217_CURRENCY_CODES], { message: 'currency must be an ISO 4217 code in upper case (required with price_min/price_max)' })
  currency?: string;

  @ApiPropertyOptional({ description: 'Lowest price a buyer pays (sale_price, else price), major units (e.g. `10`)' })
  @IsOptional()
  @Matches(DECIMAL, { message: `price_min ${PRICE_MESSAGE}` })
  price_min?: string;

  @ApiPropertyOptional({ description: 'Highest price a buyer pays (sale_price, else price), major units (e.g. `49.99`)' })
  @IsOptional()
  @Matches(DECIMAL, { message: `price_max ${PRICE_MESSAGE}` })
  price_max?: string;

  toCriteria(): ProductCriteria {
    return {
      q: this.q,
      brand: this.brand,
      categoryPrefixes: this.category !== undefined ? [normaliseCategoryPath(this.category)] : undefined,
      availability: this.availability,
      price: this.currency !== undefined ? { currency: this.currency, min: this.price_min, max: this.price_max } : undefined,
    };
  }
}
