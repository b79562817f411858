import { Injectable } from '@nestjs/common';
import { ValidationError } from '../../common/errors/api-error';
import { QueryWordsRepository } from '../search/query-reading/query-words.repository';
import type { SynonymExpansion } from '../search/query-reading/synonym-expansion';
import type { SynonymRuleDto, SynonymSetDto } from './synonym.dto';
import { SynonymsRepository } from './synonyms.repository';

/**
 * Per-organization synonyms. Rules are stored as written and, beside them, as lexeme expansions
 * computed once here (normalised like queries), so a search applies them without re-analysing.
 * A search reads the current set on every query: a change is in effect for the next request.
 */
@Injectable()
export class SynonymsService {
  constructor(
    private readonly queryWords: QueryWordsRepository,
    private readonly repository: SynonymsRepository,
  ) {}

  async get(organizationId: string): Promise<SynonymSetDto> {
    const stored = await this.repository.get(organizationId);
    return { synonyms: stored.rules, updated_at: stored.updatedAt?.toISOString() ?? null };
  }

  async put(organizationId: string, rules: SynonymRuleDto[]): Promise<SynonymSetDto> {
    const cleaned = rules.map(checkRule);
    const expansions = await this.expand(organizationId, cleaned);
    const updatedAt = await this.repository.put(organizationId, cleaned, expansions);
    return { synonyms: cleaned, updated_at: updatedAt.toISOString() };
  }

  /** Each rule's words and phrases as lexemes in the catalog's languages (as its queries read them); a form without a searchable word is refused. */
  private async expand(organizationId: string, rules: SynonymRuleDto[]): Promise<SynonymExpansion[]> {
    const forms = rules.flatMap((rule) => [...(rule.type === 'one_way' ? [rule.input as string] : []), ...rule.synonyms]);
    const lexemes: string[][] = forms.map(() => []);
    for (const word of (await this.queryWords.lexemesOf(organizationId, forms, [])).words)
      if (!word.stop) lexemes[word.part - 1].push(word.lexeme);
    const empty = forms.findIndex((_, i) => lexemes[i].length === 0);
    if (empty >= 0) throw new ValidationError(`synonyms: "${forms[empty]}" has no searchable word (only stop words or punctuation)`);
    const expansions: SynonymExpansion[] = [];
    let next = 0;
    for (const rule of rules) {
      if (rule.type === 'one_way') {
        const from = lexemes[next++];
        expansions.push({ from, to: rule.synonyms.map(() => lexemes[next++]) });
      } else {
        const members = rule.synonyms.map(() => lexemes[next++]);
        members.forEach((from, i) => expansions.push({ from, to: members.filter((_, j) => j !== i) }));
      }
    }
    return expansions;
  }
}

/** The rule with only its type's fields; a group needs two members, and only one_way has an input. */
function checkRule(rule: SynonymRuleDto, index: number): SynonymRuleDto {
  if (rule.type === 'group') {
    if (rule.input !== undefined) throw new ValidationError(`synonyms[${index}]: input is for one_way rules only`);
    if (rule.synonyms.length < 2) throw new ValidationError(`synonyms[${index}]: a group needs at least 2 words or phrases`);
    return { type: 'group', synonyms: [...rule.synonyms] };
  }
  return { type: 'one_way', input: rule.input, synonyms: [...rule.synonyms] };
}
