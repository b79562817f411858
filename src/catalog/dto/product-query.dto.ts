import { ApiHideProperty, ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { STORABLE_PATTERN } from '../../common/text/storable-string';
import { ISO_4217_CURRENCY_CODES } from '../validation/currencies';
import { AVAILABILITY_VALUES, type Availability } from '../validation/product-vocabulary';
import type { ProductCriteria } from '../criteria/product-criteria';
import { MATCH_STRATEGIES, type MatchStrategy, normaliseCategoryPath, SEARCH_SORTS, type SearchSort } from '../criteria/product-criteria';
import { Satisfies } from '../validation/decorators/satisfies.decorator';
import { isStorableString } from '../../common/text/storable-string';
import {
  acceptedLanguages,
  isLanguageTag,
  LANGUAGE_TAG_MAX_LENGTH,
  LANGUAGE_TAG_MESSAGE,
  LANGUAGE_TAG_PATTERN,
} from '../../common/languages/language-tag';

/** The `attributes[key]=value` query parameter, for the routes that take ProductQueryDto. */
export const ApiAttributeFilters = (): MethodDecorator =>
  ApiQuery({
    name: 'attributes',
    required: false,
    style: 'deepObject',
    explode: true,
    // An empty example: Swagger UI would otherwise pre-fill "Try it out" with generated keys and silently filter the list.
    schema: { type: 'object', additionalProperties: { type: 'string' }, example: {} },
    example: {},
    description:
      'Attribute filters, written `attributes[size]=XL`: products whose attribute equals the value, case-insensitively ' +
      '(a number or boolean attribute matches its spelling: `attributes[warranty_years]=2`). At most 10, combined with AND.',
  });

/** At most this many attribute filters per request. */
export const MAX_ATTRIBUTE_FILTERS = 10;
const ATTRIBUTE_TEXT_MAX = 200;

const isAttributeFilterMap = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return false;
  const entries = Object.entries(value);
  return (
    entries.length >= 1 &&
    entries.length <= MAX_ATTRIBUTE_FILTERS &&
    entries.every(
      ([key, text]) =>
        key.length >= 1 &&
        key.length <= ATTRIBUTE_TEXT_MAX &&
        isStorableString(key) &&
        typeof text === 'string' &&
        text.length >= 1 &&
        text.length <= ATTRIBUTE_TEXT_MAX &&
        isStorableString(text),
    )
  );
};

const DECIMAL = /^\d{1,13}(?:\.\d{1,4})?$/;
const PRICE_MESSAGE = 'must be a decimal amount in major units (e.g. 19.99), at most 4 decimals';

export class ProductQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description:
      'Search query, 1 to 200 characters: words, "quoted phrases", -excluded words, compounds and phrases (`tee -"crew neck"`, ' +
      '`cable -usb-c`). How it is read is returned in `interpretation` (docs/search.md "How a query is read"). ' +
      'Constraints in words become filters and an order: `under 50`, `below $30`, `over 100 eur`, `between 20 and 40` (price, in the ' +
      "currency named, else the catalog's main one), `in stock` / `available` (availability), `cheapest` / `lowest price` / `most " +
      'expensive` / `newest` (sort); a parameter you pass always wins. `not X` / `without X` exclude X; `X free` (gluten free) and ' +
      'pairs with on/over/under/off/up/down/out/can (on-ear, watering can) are read as phrases; a size `s` is kept; other stop words ' +
      'are ignored. A query of up to 3 words with a digit, or one word with a separator, that is a product code (GTIN 8/12/13/14 digits with or without leading zeros, MPN, ' +
      'product id; `KM650` = `km-650` = `km 650`) returns its exact code matches (match `code`). Otherwise: title, brand, categories, ' +
      'attribute values, tags and description; case, accents, apostrophes, hyphens and units (750ml = 750 ml, 256GB = 256 GB) do not ' +
      'matter and words are stemmed. A word the catalog has nowhere is left out and reported `not_found` (match `partial`); a word ' +
      'typed with 5+ letters it lacks is matched to its nearest words (Damerau-Levenshtein: 1 edit, a swap counts one; 2 from 9 ' +
      'letters) or read as two words written together; the last word (3+ letters), when it is not itself a catalog word, also ' +
      'matches as a prefix; your synonyms apply (PUT /v1/catalogs/synonyms). At most 10 words, 5 exclusions and 3 corrected words ' +
      'are searched: the rest is ignored and reported, never an error. Order: first the ' +
      'products having every word (words the catalog has only in descriptions are optional beside others); when those do not ' +
      'fill the page, products having some of the words follow. Within each group ' +
      'by score: per word, title 1.0, brand/categories/attributes 0.6, tags 0.4, description 0.2 (0.7 of that through a typo ' +
      'correction, prefix or synonym), then by id. Leave empty to list all products.',
  })
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'q must be 1 to 200 characters' })
  @MaxLength(200, { message: 'q must be 1 to 200 characters' })
  @Matches(STORABLE_PATTERN, { message: 'q must not contain NUL characters or unpaired surrogates' })
  q?: string;

  // No `example` on these filters: Swagger UI would pre-fill "Try it out" with it and silently filter the list.
  @ApiPropertyOptional({
    enum: SEARCH_SORTS,
    default: 'relevance',
    description:
      'Order (docs/search.md "Order"). `relevance` (default): by score with q, by product id without. `price_asc` / `price_desc`: by the ' +
      "price a buyer pays (sale_price, else price) in the `currency` parameter's currency, else the catalog's main currency (the one " +
      'most of its products use); products priced in another currency or unpriced come after, by id. `newest`: most recently ' +
      'updated first (`updated_at`: when the product was first stored or an import last changed it). Ties: product id. With q, ' +
      'products having every word still come before partial matches, each group in this order. Without a sort (or with `relevance`), an order word in ' +
      'q (`cheapest`, `newest`) chooses it. A `next_cursor` continues only the sort it was returned with (another sort: 400).',
  })
  @IsOptional()
  @IsIn(SEARCH_SORTS, { message: `sort must be one of ${SEARCH_SORTS.join(', ')}` })
  sort?: SearchSort;

  @ApiPropertyOptional({
    enum: MATCH_STRATEGIES,
    default: 'any',
    description:
      'With q: `any` (default) adds products having only some of the words when those having every word do not fill the first page ' +
      '(each product says which words it lacks in `_match`); `all` returns only products having every word (in any of its forms: a ' +
      'correction, prefix or synonym counts), never partial matches, and nothing when a word is nowhere in the catalog ' +
      '(as Meilisearch\'s matchingStrategy "all"). Facets count the same products.',
  })
  @IsOptional()
  @IsIn(MATCH_STRATEGIES, { message: `match must be one of ${MATCH_STRATEGIES.join(', ')}` })
  match?: MatchStrategy;

  @ApiPropertyOptional({
    type: 'boolean',
    default: false,
    description:
      "One entry per variant group (products sharing a `group_id`, e.g. the sizes and colours of one style): the group's best match " +
      "in the page's order (relevance, or the sort), with `sibling_count`, how many other products of its group match the same q " +
      'and filters. A product without group_id is its own group. `total_count` (and the facets) count groups. Cursors continue the ' +
      'collapsed order: a group never appears twice across pages. Default false on REST (every product separately); UCP search and ' +
      'MCP search_catalog always collapse (docs/search.md "Variants").',
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'collapse_variants must be true or false' })
  collapse_variants?: boolean;

  @ApiPropertyOptional({ description: 'Only products of this brand, case-insensitive (e.g. `Northwind`)' })
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'brand must be 1 to 70 characters' })
  @MaxLength(70, { message: 'brand must be 1 to 70 characters' })
  @Matches(STORABLE_PATTERN, { message: 'brand must not contain NUL characters or unpaired surrogates' })
  brand?: string;

  @ApiPropertyOptional({
    description:
      'Only products with a category path starting with these whole segments (case-insensitive): "Apparel" matches "Apparel > Sweaters"',
  })
  @IsOptional()
  @IsString()
  @MinLength(1, { message: 'category must be 1 to 255 characters' })
  @MaxLength(255, { message: 'category must be 1 to 255 characters' })
  @Matches(STORABLE_PATTERN, { message: 'category must not contain NUL characters or unpaired surrogates' })
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

  @ApiPropertyOptional({
    type: 'string',
    maxLength: LANGUAGE_TAG_MAX_LENGTH,
    pattern: LANGUAGE_TAG_PATTERN.source,
    example: 'de',
    description:
      "The language q is written in (BCP 47); without it, the request's Accept-Language. q is read in it first, then in the catalog's " +
      "languages (the organization's default and its products' own): each word in the first that the catalog has it in. The " +
      'interpretation names the language of each word (`words[].language`) unless every word was read as English (docs/search.md "Languages").',
  })
  @IsOptional()
  @Satisfies('languageTag', isLanguageTag, `language ${LANGUAGE_TAG_MESSAGE}`)
  language?: string;

  // Documented by ApiAttributeFilters on the routes: Swagger cannot describe a deepObject parameter from a DTO property.
  @ApiHideProperty()
  @IsOptional()
  @Satisfies(
    'attributeFilters',
    isAttributeFilterMap,
    `attributes must be 1 to ${MAX_ATTRIBUTE_FILTERS} filters written attributes[key]=value, each key and value 1 to ${ATTRIBUTE_TEXT_MAX} characters, given once`,
  )
  attributes?: Record<string, string>;

  toCriteria(acceptLanguage?: string): ProductCriteria {
    return criteriaOf(this, acceptLanguage);
  }
}

/** The filter fields of a product query (the list's, and the facets' which take no cursor). */
export type ProductFilterQuery = Omit<ProductQueryDto, 'cursor' | 'limit' | 'toCriteria'>;

/** `acceptLanguage`: the request's Accept-Language header, read when the query names no language. */
export function criteriaOf(query: ProductFilterQuery, acceptLanguage?: string): ProductCriteria {
  const languages = query.language !== undefined ? [query.language] : acceptedLanguages(acceptLanguage);
  return {
    q: query.q,
    sort: query.sort,
    brand: query.brand,
    categoryPrefixes: query.category !== undefined ? [normaliseCategoryPath(query.category)] : undefined,
    availability: query.availability,
    price: query.currency !== undefined ? { currency: query.currency, min: query.price_min, max: query.price_max } : undefined,
    attributes: query.attributes && { ...query.attributes },
    ...(query.collapse_variants === true && { collapseVariants: true }),
    ...(query.match === 'all' && { matchAll: true }),
    ...(languages.length > 0 && { languages }),
  };
}
