import { Injectable, Logger } from '@nestjs/common';
import { SearchVocabularyRepository } from './search-vocabulary.repository';

/** Words checked per pass at most: this many primary-key rows and GIN probes, in statements of up to this many. */
export const VOCABULARY_SWEEP_WORDS = 2_000;
/** Organizations visited per pass at most (most changed catalogs have few words to walk). */
export const VOCABULARY_SWEEP_ORGANIZATIONS = 20;

/**
 * Removes the vocabulary words no indexed product has any more (deleted or replaced products), so
 * typo corrections and prefixes stop reaching them. Only organizations whose catalog changed
 * since their last walk (catalog_stats.version: a finished import or a product delete) are
 * walked, the least recently walked first; a pass checks at most VOCABULARY_SWEEP_WORDS words
 * over at most VOCABULARY_SWEEP_ORGANIZATIONS organizations and resumes where it stopped, so the
 * work per pass is bounded whatever the vocabularies' sizes. The walk's position is per process
 * (a restart walks the organization again); two workers may walk the same one (deletes are
 * idempotent).
 *
 * A word a concurrent indexing chunk found already present may be deleted just before that chunk
 * commits: it then misses from corrections and prefixes until a product with it is indexed
 * again; exact search still finds it (the vectors hold it).
 */
@Injectable()
export class VocabularySweepService {
  private readonly logger = new Logger(VocabularySweepService.name);
  private walk: { organizationId: string; version: string; afterWord: string } | null = null;

  constructor(private readonly repository: SearchVocabularyRepository) {}

  /** One pass; returns the words removed. */
  async pass(): Promise<number> {
    let budget = VOCABULARY_SWEEP_WORDS;
    let removed = 0;
    for (let visits = 0; budget > 0 && visits < VOCABULARY_SWEEP_ORGANIZATIONS; visits++) {
      if (!this.walk) {
        const next = await this.repository.nextChanged();
        if (!next) break;
        this.walk = { ...next, afterWord: '' };
      }
      const { organizationId, version, afterWord } = this.walk;
      const step = await this.repository.sweep(organizationId, afterWord, budget);
      budget -= step.checked;
      removed += step.removed;
      if (step.lastWord !== null) {
        this.walk.afterWord = step.lastWord;
        continue;
      }
      await this.repository.markWalked(organizationId, version);
      this.walk = null;
    }
    if (removed > 0) this.logger.log(`Removed ${removed} search vocabulary words no product has any more`);
    return removed;
  }
}
