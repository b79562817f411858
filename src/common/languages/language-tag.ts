/**
 * BCP 47 language tags as the service takes them (a product's `language`, an import's, an
 * organization's default, a query's): a 2–3 letter primary language subtag and optional subtags
 * (`de`, `de-CH`, `zh-Hant-TW`, `pt-BR`). Well-formedness only: a well-formed tag of a language the
 * service has no rules for is read by the language-neutral rules (docs/search.md "Languages").
 */
export const LANGUAGE_TAG_PATTERN = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,5}$/;
export const LANGUAGE_TAG_MAX_LENGTH = 35;
export const LANGUAGE_TAG_MESSAGE = `must be a BCP 47 language tag of at most ${LANGUAGE_TAG_MAX_LENGTH} characters, such as "de" or "fr-CA"`;

/** The default language of an organization that never set one: catalogs are read as English. */
export const DEFAULT_LANGUAGE = 'en';

export function isLanguageTag(value: unknown): value is string {
  return typeof value === 'string' && value.length <= LANGUAGE_TAG_MAX_LENGTH && LANGUAGE_TAG_PATTERN.test(value);
}

/** The tag's primary language subtag, lower-cased: `de-CH` → `de`. */
export function primaryLanguage(tag: string): string {
  return tag.split('-')[0].toLowerCase();
}

/**
 * The tags of an `Accept-Language` header in the client's order of preference (q-values, highest
 * first; `*` and q=0 left out; malformed entries ignored, never an error).
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((entry, i) => {
      const [tag, ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((e) => isLanguageTag(e.tag) && e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((e) => e.tag);
}
