import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import { MoneyDto } from './money.dto';
import { PRODUCT_LIMITS as L } from '../validation/product-limits';
import { Availability, AVAILABILITY_VALUES, Condition, CONDITION_VALUES } from '../validation/product-vocabulary';
import { EachItem, IsJsonArray, MaxItems } from '../validation/decorators/array.decorators';
import { IsAttributeMap } from '../validation/decorators/attributes.decorators';
import { FreeFormMap } from '../validation/decorators/free-form-map.decorator';
import { IsGtin } from '../validation/decorators/gtin.decorators';
import { IsLanguageTag } from '../validation/decorators/language.decorators';
import { AmountAtMost, IsMoneyObject, SameCurrencyAs } from '../validation/decorators/money.decorators';
import { OptionalNotNull, Required } from '../validation/decorators/presence.decorators';
import { IsNonNegativeSafeInteger, IsOneOf } from '../validation/decorators/scalar.decorators';
import { IsStringOfLength, NoControlCharacters, NotBlank, stringLengthMessage } from '../validation/decorators/string.decorators';
import { IsHttpUrl } from '../validation/decorators/url.decorators';
import { HTTP_URL_MESSAGE, isHttpUrl } from '../validation/rules/http-url';
import { AttributeValue } from '../validation/rules/attributes';
import { isStringOfLength } from '../validation/rules/strings';
import { productIdFromInput } from './product-id';
import { LANGUAGE_TAG_MAX_LENGTH, LANGUAGE_TAG_PATTERN } from '../../common/languages/language-tag';

const integerIdToString = ({ value }: { value: unknown }): unknown => productIdFromInput(value);

const stringItem = (min: number, max: number) => (item: unknown) => isStringOfLength(item, min, max);

const URL_SCHEMA = { type: 'string', format: 'uri', maxLength: L.urlMaxLength, pattern: '^https?://' } as const;

/**
 * One catalog product as uploaded, with Google Merchant Center / Agentic Commerce Protocol
 * field names. Source of truth for validation and for the OpenAPI `Product` schema.
 * Optional fields may be absent but not null.
 */
@ApiSchema({ name: 'Product', description: 'A catalog product. Unknown fields are rejected.' })
export class ProductDto {
  @ApiProperty({
    oneOf: [
      { type: 'string', minLength: 1, maxLength: L.idMaxLength, pattern: '^[^\\u0000-\\u001F\\u007F-\\u009F]+$' },
      { type: 'integer' },
    ],
    example: 'SKU-10042',
    description: `Merchant product id, 1-${L.idMaxLength} characters without control characters. A JSON integer is accepted and stored as its decimal string.`,
  })
  @Required()
  @Transform(integerIdToString)
  @IsStringOfLength(1, L.idMaxLength, `${stringLengthMessage(1, L.idMaxLength)} or a safe integer`)
  @NoControlCharacters()
  id!: string;

  @ApiProperty({
    type: 'string',
    minLength: 1,
    maxLength: L.titleMaxLength,
    pattern: '\\S',
    example: 'Merino Wool Crew Sweater',
    description: 'Product title; must not be only whitespace.',
  })
  @Required()
  @IsStringOfLength(1, L.titleMaxLength)
  @NotBlank()
  title!: string;

  @ApiPropertyOptional({
    type: 'string',
    maxLength: L.descriptionMaxLength,
    example: 'Soft 100% merino crew-neck sweater, machine washable.',
    description: 'Plain-text description.',
  })
  @OptionalNotNull()
  @IsStringOfLength(0, L.descriptionMaxLength)
  description?: string;

  @ApiPropertyOptional({
    ...URL_SCHEMA,
    example: 'https://shop.example.com/p/10042',
    description: 'Product page URL (absolute http or https).',
  })
  @OptionalNotNull()
  @IsHttpUrl()
  url?: string;

  @ApiPropertyOptional({
    ...URL_SCHEMA,
    example: 'https://cdn.example.com/10042/main.jpg',
    description: 'Main image URL (absolute http or https).',
  })
  @OptionalNotNull()
  @IsHttpUrl()
  image_url?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: URL_SCHEMA,
    maxItems: L.additionalImagesMaxItems,
    example: ['https://cdn.example.com/10042/back.jpg'],
    description: 'Further image URLs (absolute http or https).',
  })
  @OptionalNotNull()
  @IsJsonArray()
  @MaxItems(L.additionalImagesMaxItems)
  @EachItem(isHttpUrl, HTTP_URL_MESSAGE)
  additional_image_urls?: string[];

  @ApiPropertyOptional({ type: () => MoneyDto, description: 'Regular price.' })
  @OptionalNotNull()
  @IsMoneyObject()
  @ValidateNested()
  @Type(() => MoneyDto)
  price?: MoneyDto;

  @ApiPropertyOptional({
    type: () => MoneyDto,
    description: 'Sale price; when price is present it must use the same currency and not exceed price.amount.',
  })
  @OptionalNotNull()
  @IsMoneyObject()
  @ValidateNested()
  @Type(() => MoneyDto)
  @SameCurrencyAs('price')
  @AmountAtMost('price')
  sale_price?: MoneyDto;

  @ApiPropertyOptional({ enum: AVAILABILITY_VALUES, enumName: 'Availability', example: 'in_stock', description: 'Stock status.' })
  @OptionalNotNull()
  @IsOneOf(AVAILABILITY_VALUES)
  availability?: Availability;

  @ApiPropertyOptional({ enum: CONDITION_VALUES, enumName: 'Condition', example: 'new', description: 'Item condition.' })
  @OptionalNotNull()
  @IsOneOf(CONDITION_VALUES)
  condition?: Condition;

  @ApiPropertyOptional({ type: 'string', minLength: 1, maxLength: L.brandMaxLength, example: 'Northfold', description: 'Brand name.' })
  @OptionalNotNull()
  @IsStringOfLength(1, L.brandMaxLength)
  brand?: string;

  @ApiPropertyOptional({
    type: 'string',
    pattern: '^(\\d{8}|\\d{12,14})$',
    example: '4006381333931',
    description: 'GTIN-8, -12 (UPC), -13 (EAN) or -14 as a digit string (keeps leading zeros) with a valid GS1 check digit.',
  })
  @OptionalNotNull()
  @IsGtin()
  gtin?: string;

  @ApiPropertyOptional({
    type: 'string',
    minLength: 1,
    maxLength: L.mpnMaxLength,
    example: 'NF-CRW-001',
    description: 'Manufacturer part number.',
  })
  @OptionalNotNull()
  @IsStringOfLength(1, L.mpnMaxLength)
  mpn?: string;

  @ApiPropertyOptional({
    type: 'string',
    minLength: 1,
    maxLength: L.groupIdMaxLength,
    example: 'CRW-SWEATER',
    description: 'Shared by the variants of one product (sizes, colours).',
  })
  @OptionalNotNull()
  @IsStringOfLength(1, L.groupIdMaxLength)
  group_id?: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: L.categoryMaxLength },
    maxItems: L.categoriesMaxItems,
    example: ['Apparel & Accessories > Clothing > Sweaters'],
    description: 'Category paths, most specific last.',
  })
  @OptionalNotNull()
  @IsJsonArray()
  @MaxItems(L.categoriesMaxItems)
  @EachItem(stringItem(1, L.categoryMaxLength), stringLengthMessage(1, L.categoryMaxLength))
  categories?: string[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: L.tagMaxLength },
    maxItems: L.tagsMaxItems,
    example: ['merino', 'winter'],
    description: 'Free-form tags.',
  })
  @OptionalNotNull()
  @IsJsonArray()
  @MaxItems(L.tagsMaxItems)
  @EachItem(stringItem(1, L.tagMaxLength), stringLengthMessage(1, L.tagMaxLength))
  tags?: string[];

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, example: 42, description: 'Units in stock.' })
  @OptionalNotNull()
  @IsNonNegativeSafeInteger()
  inventory_quantity?: number;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: {
      oneOf: [{ type: 'string', maxLength: L.attributeValueMaxLength }, { type: 'number' }, { type: 'boolean' }],
    },
    maxProperties: L.attributesMaxKeys,
    example: { color: 'navy', size: 'M', wool_percent: 100, machine_washable: true },
    description: `Flat map of at most ${L.attributesMaxKeys} extra attributes; keys 1-${L.attributeKeyMaxLength} characters, values string, finite number or boolean.`,
  })
  @OptionalNotNull()
  @FreeFormMap()
  @IsAttributeMap()
  attributes?: Record<string, AttributeValue>;

  @ApiPropertyOptional({
    type: 'string',
    maxLength: LANGUAGE_TAG_MAX_LENGTH,
    pattern: LANGUAGE_TAG_PATTERN.source,
    example: 'de-CH',
    description:
      "The language the product's text is written in (BCP 47). Absent: the import's `language`, else the organization's default (`GET /v1/catalogs`). Search stems and folds the product's words by this language's rules (docs/search.md \"Languages\").",
  })
  @OptionalNotNull()
  @IsLanguageTag()
  language?: string;
}
