import { isLanguageTag, LANGUAGE_TAG_MESSAGE } from '../../../common/languages/language-tag';
import { Satisfies } from './satisfies.decorator';

/** A well-formed BCP 47 tag (language-tag.ts); which rules read it is the search's concern, not validation's. */
export function IsLanguageTag(): PropertyDecorator {
  return Satisfies('languageTag', isLanguageTag, LANGUAGE_TAG_MESSAGE);
}
