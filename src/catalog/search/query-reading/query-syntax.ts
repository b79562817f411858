/** What a query says besides its words: "quoted phrases" and -excluded words (web-search syntax). */
export interface QuerySyntax {
  /** The free words, in order (phrases and exclusions taken out). */
  words: string;
  phrases: string[];
  /** Excluded words, compounds (`-usb-c`) and phrases (`-"crew neck"`), each excluded as a whole. */
  excluded: string[];
  /** The query ends with a free word (not a phrase or an exclusion): that word may be half typed. */
  endsInWord: boolean;
}

const PHRASE = /(^|\s)(-?)"([^"]*)"?|"([^"]*)"?/g;

/**
 * Splits a query into free words, quoted phrases and excluded words or phrases. Never fails: an
 * unclosed quote runs to the end, a lone `-` is a separator, and `or` is an ordinary (stop) word.
 */
export function parseQuerySyntax(q: string): QuerySyntax {
  const phrases: string[] = [];
  const excluded: string[] = [];
  const rest = q.replace(
    PHRASE,
    (_, space: string | undefined, minus: string | undefined, quoted: string | undefined, inner: string | undefined) => {
      const phrase = (quoted ?? inner ?? '').trim();
      if (phrase) (minus ? excluded : phrases).push(phrase);
      return ' ';
    },
  );
  const words: string[] = [];
  for (const token of rest.split(/\s+/)) {
    if (token.length > 1 && token.startsWith('-')) excluded.push(token.slice(1));
    else if (token) words.push(token);
  }
  const trimmed = q.trimEnd();
  const endsInWord = words.length > 0 && !trimmed.endsWith('"') && trimmed.endsWith(words[words.length - 1]);
  return { words: words.join(' '), phrases, excluded, endsInWord };
}
