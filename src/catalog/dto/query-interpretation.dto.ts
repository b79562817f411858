import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type {
  ExpansionVia,
  InferredConstraints,
  InferredSort,
  MatchKind,
  MatchPlace,
  Money,
  ProductMatch,
  QueryInterpretation,
  WordReading,
  WordStatus,
} from '../search/query-reading/query-interpretation';

const MATCH_KINDS: MatchKind[] = ['all_words', 'partial', 'code', 'none', 'browse'];
const WORD_STATUSES: WordStatus[] = ['matched', 'corrected', 'expanded', 'not_found', 'ignored', 'excluded', 'filter', 'sort', 'code'];
const VIAS: ExpansionVia[] = ['typo', 'split', 'prefix', 'synonym', 'everyday', 'unit', 'compound'];
const SORTS: InferredSort[] = ['price_asc', 'price_desc', 'newest'];
const PLACES: MatchPlace[] = ['title', 'brand_category_attribute', 'tags', 'description', 'code'];

@ApiSchema({ name: 'QueryWordReading', description: 'How one word (or quoted phrase) of q was read.' })
export class WordReadingDto implements WordReading {
  @ApiProperty({
    description: 'The word as read, lower-cased (hyphenated words split as the search splits them); a phrase: its text',
    example: 'jakcet',
  })
  word: string;

  @ApiProperty({
    enum: WORD_STATUSES,
    description:
      'matched: the catalog has it; corrected: replaced by `to` (typo or split); expanded: `to` also matched (prefix, synonym, everyday word); ' +
      'not_found: the catalog has it nowhere (the answer is partial); ignored: see `reason`; excluded: no result has it; ' +
      'filter / sort: read as a price, availability or order; code: matched a product code exactly',
  })
  status: WordStatus;

  @ApiPropertyOptional({
    type: [String],
    description: "corrected / expanded: the catalog's words used instead / in addition",
    example: ['jacket'],
  })
  to?: string[];

  @ApiPropertyOptional({ enum: VIAS, description: 'corrected / expanded: how' })
  via?: ExpansionVia;

  @ApiPropertyOptional({
    description:
      'ignored: stop_word, duplicate, word_limit, negation (the "not" of "not waterproof") or no_words (a quoted phrase of symbols only)',
    example: 'stop_word',
  })
  reason?: string;
}

@ApiSchema({ name: 'InferredMoney' })
export class InferredMoneyDto implements Money {
  @ApiProperty({ description: 'Major units, like product prices', example: 50 })
  amount: number;

  @ApiProperty({ description: 'ISO 4217: the one the words named, else the catalog’s main currency', example: 'EUR' })
  currency: string;
}

@ApiSchema({ name: 'InferredConstraints', description: 'Filters and sort read from the words of q (never the ones passed as parameters).' })
export class InferredConstraintsDto implements InferredConstraints {
  @ApiPropertyOptional({ type: InferredMoneyDto, description: '"over 20", "between 20 and 40"' })
  price_min?: Money;

  @ApiPropertyOptional({ type: InferredMoneyDto, description: '"under 50", "below $30", "less than 40 eur"' })
  price_max?: Money;

  @ApiPropertyOptional({ type: [String], description: '"in stock", "available": ["in_stock"]' })
  availability?: string[];

  @ApiPropertyOptional({
    enum: SORTS,
    description: '"cheapest", "lowest price": price_asc; "most expensive": price_desc; "newest", "latest": newest',
  })
  sort?: InferredSort;
}

@ApiSchema({
  name: 'QueryInterpretation',
  description: 'How q was read: docs/search.md "How a query is read". Fields may be added, never renamed or dropped.',
})
export class QueryInterpretationDto implements QueryInterpretation {
  @ApiProperty({
    enum: MATCH_KINDS,
    description:
      'all_words: every result shown first has every searched word; partial: a word matched nothing in the catalog (see words) or results with only some words were added; ' +
      'code: q was read as a product code (GTIN, MPN, id) and exact matches are returned (a code inside a longer query: they come first); none: nothing matched; browse: no q',
  })
  match: MatchKind;

  @ApiProperty({ type: [WordReadingDto] })
  words: WordReading[];

  @ApiProperty({ type: InferredConstraintsDto })
  inferred: InferredConstraints;

  @ApiPropertyOptional({
    type: InferredConstraintsDto,
    description:
      'UCP only: filters and sort read from context.intent ("looking for a gift under $50") like q\'s own words, applied where neither the ' +
      "request's filters nor q's words set them. Absent without an intent.",
  })
  context?: InferredConstraints;
}

@ApiSchema({
  name: 'ProductMatch',
  description:
    'How this product matched q (docs/search.md "How each product matched"): which searched words it has and where, which it lacks. ' +
    'Fields may be added, never renamed or dropped.',
})
export class ProductMatchDto implements ProductMatch {
  @ApiProperty({
    description: 'True when the product has every searched word (in some form: a correction, prefix or synonym counts); false: see missing',
    example: false,
  })
  all_words: boolean;

  @ApiProperty({
    type: [String],
    description:
      'The query words it lacks, as interpretation.words names them: searched words this product has nowhere, and words the catalog has nowhere (not_found)',
    example: ['256gb'],
  })
  missing: string[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: PLACES },
    description:
      'Each query word it has, and where its best match is: title; brand_category_attribute (brand, a category or an attribute value); tags; ' +
      'description; code (a product code written in q: GTIN, MPN or product id, matched exactly)',
    example: { pixel: 'title', phone: 'title' },
  })
  words: Record<string, MatchPlace>;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', enum: VIAS },
    description:
      'Words it has only through another form than the one typed, and how that form was found (typo, split, prefix, synonym, everyday)',
    example: { blutooth: 'typo' },
  })
  via?: Record<string, ExpansionVia>;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description:
      'Its relevance score: per word, title 1.0, brand/categories/attributes 0.6, tags 0.4, description 0.2 (0.7 of that through an ' +
      'alternative form, 0.15 through the correction of a rare word), summed. The page is ordered by it within each tier. null: a product code match',
    example: 2,
  })
  score: number | null;
}
