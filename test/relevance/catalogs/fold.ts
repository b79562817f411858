/**
 * How the judges compare text: lower case, accents and ligatures folded, apostrophes dropped,
 * every other non-alphanumeric run a single space. Applied to product fields and to the words of
 * a predicate alike, so a predicate written in plain ASCII judges `Crème`, `Margie’s` and `USB-C`.
 */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øØ]/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ß/g, 'ss')
    .replace(/[đð]/g, 'd')
    .replace(/ł/g, 'l')
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The folded words of a text. */
export function words(text: string): string[] {
  const folded = fold(text);
  return folded ? folded.split(' ') : [];
}
