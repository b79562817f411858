import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, Length, ValidateIf, ValidateNested } from 'class-validator';

export const SYNONYM_LIMITS = {
  /** Rules per organization. */
  rules: 500,
  /** Words or phrases per rule (a group's members, or a one-way rule's synonyms). */
  forms: 20,
  /** Characters per word or phrase. */
  formLength: 100,
  /** The PUT body. */
  bodyBytes: 64 * 1024,
} as const;

const FORM_MESSAGE = `each word or phrase must be 1 to ${SYNONYM_LIMITS.formLength} characters`;

@ApiSchema({
  name: 'SynonymRule',
  description:
    'one_way: a query with `input` also finds products with any of `synonyms` (jumper → sweater), not the reverse. ' +
    'group: a query with any member also finds products with the others (earphones, earbuds, headphones).',
})
export class SynonymRuleDto {
  @ApiProperty({ enum: ['one_way', 'group'] })
  @IsIn(['one_way', 'group'], { message: 'type must be one_way or group' })
  type: 'one_way' | 'group';

  @ApiPropertyOptional({ maxLength: SYNONYM_LIMITS.formLength, example: 'jumper', description: 'one_way only: the word or phrase queried' })
  @ValidateIf((rule: SynonymRuleDto) => rule.type === 'one_way' || rule.input !== undefined)
  @IsString({ message: 'input is required for a one_way rule' })
  @Length(1, SYNONYM_LIMITS.formLength, { message: `input: ${FORM_MESSAGE}` })
  input?: string;

  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: SYNONYM_LIMITS.forms,
    example: ['sweater'],
    description: 'one_way: what the input also finds (1 or more); group: the members (2 or more)',
  })
  @IsArray({ message: 'synonyms must be an array of words or phrases' })
  @ArrayMinSize(1, { message: 'synonyms must not be empty' })
  @ArrayMaxSize(SYNONYM_LIMITS.forms, { message: `synonyms holds at most ${SYNONYM_LIMITS.forms} words or phrases` })
  @IsString({ each: true, message: FORM_MESSAGE })
  @Length(1, SYNONYM_LIMITS.formLength, { each: true, message: FORM_MESSAGE })
  synonyms: string[];
}

@ApiSchema({ name: 'SynonymSetInput' })
export class PutSynonymsDto {
  @ApiProperty({ type: [SynonymRuleDto], maxItems: SYNONYM_LIMITS.rules, description: 'The whole set; replaces the previous one' })
  @IsArray({ message: 'synonyms must be an array of rules' })
  @ArrayMaxSize(SYNONYM_LIMITS.rules, { message: `at most ${SYNONYM_LIMITS.rules} synonym rules` })
  @ValidateNested({ each: true })
  @Type(() => SynonymRuleDto)
  synonyms: SynonymRuleDto[];
}

@ApiSchema({ name: 'SynonymSet' })
export class SynonymSetDto {
  @ApiProperty({ type: [SynonymRuleDto] })
  synonyms: SynonymRuleDto[];

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When the set was last replaced; null if never' })
  updated_at: string | null;
}
