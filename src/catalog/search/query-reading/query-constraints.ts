import { foldConstraintWord, READ_CONSTRAINTS } from './constraint-words';
import type { InferredSort, WordReading } from './query-interpretation';

/** A price bound as the words say it: the currency only when the words name one. */
export interface WordPrice {
  amount: number;
  currency?: string;
}

/** What the words ask besides matching: filters, a sort, exclusions, and the text left to search. */
export interface QueryConstraints {
  /** The query with the constraint words taken out and meaning-bearing pairs quoted as phrases. */
  text: string;
  /** Words and phrases excluded by "not X", "without X", "no X". */
  negated: string[];
  /** The negation word of each (the query analyzer asks whether the catalog writes "sans parfum" itself). */
  negatedBy: string[];
  /** The readings of the words consumed here (filter, sort, excluded). */
  words: WordReading[];
  priceMin?: WordPrice;
  priceMax?: WordPrice;
  availability?: string[];
  sort?: InferredSort;
}

const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency').map((c) => c.toLowerCase()));
const SYMBOLS: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR' };
/** Currency names that name one currency; "dollars" does not (USD, CAD, AUD…): the catalog's currency is used. */
const NAMED: Record<string, string | undefined> = { euro: 'EUR', euros: 'EUR', dollar: undefined, dollars: undefined, bucks: undefined };

const AMOUNT = /^([$€£¥₹])?(\d{1,9}(?:[.,]\d{1,2})?)([$€£¥₹])?$/u;

/**
 * Function words that change a product's meaning with the word they stand by (on-ear, over-ear,
 * watering can, under armour): read as a phrase with the next word (the previous one when last).
 */
export const PAIRED_FUNCTION_WORDS = new Set(['on', 'off', 'over', 'under', 'can', 'up', 'down', 'out']);

interface Token {
  text: string;
  /** Lower-cased, without surrounding punctuation; '' for a quoted phrase. */
  word: string;
  /** The word with accents and ß folded, as constraint phrases are compared. */
  key: string;
  used: boolean;
  quoted: boolean;
}

/** Whitespace-separated tokens, a "quoted phrase" (and a -"phrase") kept whole. */
function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  for (const m of q.matchAll(/-?"[^"]*"?|[^\s"]+/g)) {
    const text = m[0];
    const quoted = text.includes('"');
    const word = quoted ? '' : text.toLowerCase().replace(/^[([{,.;:!?¿¡]+|[)\]},.;:!?]+$/g, '');
    tokens.push({ text, word, key: foldConstraintWord(word), used: false, quoted });
  }
  return tokens;
}

const startsWith = (tokens: Token[], at: number, phrase: string[]): boolean =>
  phrase.every((w, i) => tokens[at + i] !== undefined && !tokens[at + i].used && tokens[at + i].key === w);

/** An amount at `at` (with an optional currency word or code after it): the amount and how many tokens it took. */
function amountAt(tokens: Token[], at: number): { price: WordPrice; length: number } | null {
  const token = tokens[at];
  if (!token || token.used) return null;
  const m = AMOUNT.exec(token.word);
  if (!m) return null;
  const amount = Number(m[2].replace(',', '.'));
  let currency: string | undefined = SYMBOLS[m[1] ?? m[3] ?? ''];
  let length = 1;
  const next = tokens[at + 1];
  if (!currency && next && !next.used) {
    if (next.word in SYMBOLS) {
      // "50 €": the symbol written apart, as German, French and Spanish write it.
      currency = SYMBOLS[next.word];
      length = 2;
    } else if (ISO_CURRENCIES.has(next.word)) {
      currency = next.word.toUpperCase();
      length = 2;
    } else if (next.word in NAMED) {
      currency = NAMED[next.word];
      length = 2;
    }
  }
  if (!currency && at > 0 && ISO_CURRENCIES.has(tokens[at - 1].word) && !tokens[at - 1].used) {
    // "usd 50": the code before the amount.
    currency = tokens[at - 1].word.toUpperCase();
    tokens[at - 1].used = true;
  }
  return { price: currency ? { amount, currency } : { amount }, length };
}

function take(tokens: Token[], at: number, length: number, readings: WordReading[], status: 'filter' | 'sort'): void {
  for (let i = at; i < at + length; i++) {
    tokens[i].used = true;
    readings.push({ word: tokens[i].word, status });
  }
}

/**
 * Reads the constraints a shopper writes in words (constraint-words.ts: English, German, French,
 * Spanish, Japanese): price bounds ("under 50", "unter 50 €", "moins de 50 €", "between 20 and 40
 * eur"), availability ("in stock", "auf Lager", "en stock"), an order ("cheapest", "günstigste",
 * "le moins cher"), negations ("not waterproof", "ohne Leder", "sans laine") and pairs whose
 * function word carries the meaning ("on ear", "watering can", "gluten free"). Pure and total:
 * any string gives an answer.
 */
export function readConstraints(q: string): QueryConstraints {
  const tokens = tokenize(q);
  const readings: WordReading[] = [];
  const result: QueryConstraints = { text: '', negated: [], negatedBy: [], words: readings };
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].used || tokens[i].quoted) continue;
    for (const [start, joiner] of READ_CONSTRAINTS.between) {
      if (!startsWith(tokens, i, [start])) continue;
      const low = amountAt(tokens, i + 1);
      const high = low && startsWith(tokens, i + 1 + low.length, [joiner]) ? amountAt(tokens, i + 2 + low.length) : null;
      if (low && high) {
        const currency = low.price.currency ?? high.price.currency;
        result.priceMin = { amount: Math.min(low.price.amount, high.price.amount), ...(currency && { currency }) };
        result.priceMax = { amount: Math.max(low.price.amount, high.price.amount), ...(currency && { currency }) };
        take(tokens, i, 2 + low.length + high.length, readings, 'filter');
        break;
      }
    }
    if (tokens[i].used) continue;
    const bound = (phrases: string[][], side: 'priceMin' | 'priceMax'): boolean => {
      const phrase = phrases.find((p) => startsWith(tokens, i, p));
      const amount = phrase && amountAt(tokens, i + phrase.length);
      if (!phrase || !amount) return false;
      result[side] = amount.price;
      take(tokens, i, phrase.length + amount.length, readings, 'filter');
      return true;
    };
    if (bound(READ_CONSTRAINTS.upper, 'priceMax') || bound(READ_CONSTRAINTS.lower, 'priceMin')) continue;
    const sort = READ_CONSTRAINTS.sorts.find(([phrase]) => startsWith(tokens, i, phrase));
    if (sort && !result.sort) {
      result.sort = sort[1];
      take(tokens, i, sort[0].length, readings, 'sort');
      continue;
    }
    const stock = READ_CONSTRAINTS.inStock.find((phrase) => startsWith(tokens, i, phrase));
    if (stock) {
      result.availability = ['in_stock'];
      take(tokens, i, stock.length, readings, 'filter');
      continue;
    }
    const next = tokens[i + 1];
    if (READ_CONSTRAINTS.negations.has(tokens[i].key) && next && !next.used && (next.word || next.quoted)) {
      const excluded = next.quoted ? next.text.replace(/^-?"|"$/g, '').trim() : next.word;
      // An empty phrase (`not "`) negates nothing: both stay in the text, so no word is lost unreported.
      if (excluded) {
        tokens[i].used = true;
        next.used = true;
        result.negated.push(excluded);
        result.negatedBy.push(tokens[i].word);
        readings.push(
          { word: tokens[i].word, status: 'ignored', reason: 'negation' },
          { word: excluded.toLowerCase(), status: 'excluded' },
        );
      }
    }
  }
  result.text = rewrite(tokens.filter((t) => !t.used));
  return result;
}

/**
 * The remaining tokens as query text, with meaning-bearing pairs quoted ("gluten free", "on ear")
 * and followed by their other word, so a pair no product has still finds that word ("down sleepi"
 * finds a down sleeping bag through the prefix) while the pair reports not_found.
 */
function rewrite(tokens: Token[]): string {
  const out: string[] = [];
  const plain = (x: Token | undefined): x is Token => x !== undefined && !x.quoted && /^[\p{L}\p{N}]/u.test(x.text) && x.word !== '';
  const pair = (a: string, b: string): string => {
    const other = PAIRED_FUNCTION_WORDS.has(a) ? b : a;
    return `"${a} ${b}" ${other}`;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const next = tokens[i + 1];
    const compound = /^([\p{L}\p{N}]+)-([\p{L}\p{N}]+)$/u.exec(plain(t) ? t.word : '');
    if (compound && (compound[2] === 'free' || PAIRED_FUNCTION_WORDS.has(compound[1]) || PAIRED_FUNCTION_WORDS.has(compound[2]))) {
      out.push(pair(compound[1], compound[2]));
    } else if (plain(t) && plain(next) && (next.word === 'free' || PAIRED_FUNCTION_WORDS.has(t.word))) {
      out.push(pair(t.word, next.word));
      i++;
    } else if (
      plain(t) &&
      PAIRED_FUNCTION_WORDS.has(t.word) &&
      out.length > 0 &&
      !out[out.length - 1].includes('"') &&
      plain(tokens[i - 1])
    ) {
      // The last word: paired with the previous one ("watering can").
      out[out.length - 1] = pair(tokens[i - 1].word, t.word);
    } else {
      out.push(t.text);
    }
  }
  return out.join(' ');
}
