import { join } from 'node:path';
import { generateCatalog, GENERATOR_VERSION } from '../../../tools/harness/generate-catalog';
import { ArrayFileWriter } from './array-file-writer';
import { ERROR_DETAILS_LIMIT, MAX_ELEMENT_BYTES, MAX_FILE_BYTES } from './env';
import { limitCases } from './limit-cases';
import { unstorableBlock } from './unstorable-elements';

/** What the generator knows about the file it wrote. */
export interface FileAccount {
  file: string;
  bytes: number;
  elements: number;
  valid: number;
  invalid: number;
  /** Indices of the first ERROR_DETAILS_LIMIT invalid elements, ascending. */
  firstInvalid: number[];
}

export interface Shape {
  name: string;
  title: string;
  /** Bump when the output changes: the cached file is regenerated. */
  version: number;
  /** Set only when the file as a whole is invalid; the job must end `failed` with this type. */
  fileFailure?: 'invalid_json' | 'invalid_feed';
  /** The uploaded file's name ends so (its format is told from it); `.json` when absent. */
  extension?: string;
  generate(file: string): Promise<FileAccount>;
}

/** A shape written element by element through an ArrayFileWriter. */
export function written(name: string, title: string, write: (w: ArrayFileWriter) => Promise<void>, extra: Partial<Shape> = {}): Shape {
  return {
    name,
    title,
    version: 1,
    ...extra,
    async generate(file) {
      const w = new ArrayFileWriter(file, ERROR_DETAILS_LIMIT);
      await write(w);
      const bytes = await w.close();
      return { file, bytes, elements: w.elements, valid: w.valid, invalid: w.invalid, firstInvalid: w.firstInvalid };
    },
  };
}

/** The realistic catalog of the bench (2% invalid products): the baseline time of the run. */
export const REALISTIC: Shape = {
  name: 'realistic',
  title: 'realistic 50 MiB catalog (baseline)',
  version: GENERATOR_VERSION,
  async generate(file) {
    const manifest = await generateCatalog({ sizeBytes: MAX_FILE_BYTES, seed: 42, outDir: join(file, '..', 'realistic') });
    return {
      file: manifest.file,
      bytes: manifest.bytes,
      elements: manifest.products,
      valid: manifest.valid_products,
      invalid: manifest.invalid_products,
      firstInvalid: manifest.invalid_indices.slice(0, ERROR_DETAILS_LIMIT),
    };
  },
};

/** 200 elements just under 256 KiB, each ≈131k invalid tag items. */
const hugeTagArrays = written('tag-arrays', '200 × 256 KiB elements of 131k tags', async (w) => {
  const count = 200;
  const size = Math.floor((MAX_FILE_BYTES - 2 - (count - 1)) / count);
  await w.raw('[');
  for (let i = 0; i < count; i++) {
    const head = `{"id":"x${i}","title":"t","tags":[`;
    const room = size - head.length - '0]}'.length;
    const items = Math.floor(room / 2);
    await w.element(`${head}${' '.repeat(room - 2 * items)}0${',0'.repeat(items)}]}`, false);
  }
  await w.padTo(MAX_FILE_BYTES, ']');
});

/** Elements with 2,000 or 20,000 unknown top-level keys; every tenth element a valid product. */
const unknownKeys = written('unknown-keys', 'thousands of unknown keys per element', async (w) => {
  const keys = (n: number) => Array.from({ length: n }, (_, k) => `,"u${String(k).padStart(5, '0')}":0`).join('');
  const many = [keys(2_000), keys(20_000)];
  await w.raw('[');
  for (let i = 0; ; i++) {
    const valid = i % 10 === 9;
    const text = valid ? `{"id":"k-ok-${i}","title":"t"}` : `{"id":"k${i}","title":"t"${many[i % 2]}}`;
    if (w.bytes + text.length + 2 > MAX_FILE_BYTES) break;
    await w.element(text, valid);
  }
  await w.padTo(MAX_FILE_BYTES, ']');
});

/** `[0,0,…]`: ≈26 million invalid elements. */
const zeros = written('zeros', '[0,0,…] ≈26M tiny invalid elements', async (w) => {
  await w.raw('[');
  await w.repeat('0', Math.floor((MAX_FILE_BYTES - 1) / 2), false);
  await w.padTo(MAX_FILE_BYTES, ']');
});

/** ≈1.5 million minimal valid products. */
const minimalProducts = written('minimal-products', '≈1.5M minimal valid products', async (w) => {
  const size = '{"id":"min-0000000","title":"t"}'.length + 1;
  const count = Math.floor((MAX_FILE_BYTES - 1) / size);
  await w.raw('[');
  for (let i = 0; i < count; i++) await w.element(`{"id":"min-${String(i).padStart(7, '0')}","title":"t"}`, true);
  await w.padTo(MAX_FILE_BYTES, ']');
});

/** One product whose attribute value is an array nested 100,000 deep (200 KB, under the element limit), among valid ones. */
const deepNesting = written('deep-nesting', 'one element nested 100,000 deep', async (w) => {
  const depth = 100_000;
  await w.raw('[');
  for (let i = 0; i < 1_000; i++) await w.element(`{"id":"deep-ok-${i}","title":"t"}`, true);
  const deep = `{"id":"deep-1","title":"t","attributes":{"nested":${'['.repeat(depth)}0${']'.repeat(depth)}}}`;
  if (deep.length > MAX_ELEMENT_BYTES) throw new Error('deep element over the element limit: it would test the size check instead');
  await w.element(deep, false);
  for (let i = 1_000; i < 2_000; i++) await w.element(`{"id":"deep-ok-${i}","title":"t"}`, true);
  await w.raw(']');
});

const limits = written('limits', 'every length limit ± 1', async (w) => {
  await w.raw('[\n');
  for (const { text, valid } of limitCases()) await w.element(`${text}\n`, valid);
  await w.raw(']');
});

/** 200 blocks of emoji / raw NUL / lone surrogate escapes next to malformed elements. */
const unstorable = written('unstorable', 'emoji / NUL / lone surrogates beside malformed', async (w) => {
  await w.raw('[');
  for (let k = 0; k < 200; k++) for (const { text, valid } of unstorableBlock(k)) await w.element(text, valid);
  await w.raw(']');
});

/** 50 MiB of JSON whitespace and nothing else: no JSON value at all. */
const whitespace = written(
  'whitespace',
  'only whitespace (50 MiB)',
  async (w) => {
    const block = ' \n\t\r'.repeat(1 << 18);
    while (w.bytes + block.length <= MAX_FILE_BYTES) await w.raw(block);
    await w.padTo(MAX_FILE_BYTES, '');
  },
  { fileFailure: 'invalid_json' },
);

const bomEmptyArray = written('bom-empty-array', 'UTF-8 BOM then []', async (w) => {
  await w.raw('\uFEFF[]');
});

export const HOSTILE_SHAPES: Shape[] = [
  hugeTagArrays,
  unknownKeys,
  zeros,
  minimalProducts,
  deepNesting,
  limits,
  unstorable,
  whitespace,
  bomEmptyArray,
];
