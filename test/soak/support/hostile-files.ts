import { limitCases } from '../../hostile/support/limit-cases';
import { unstorableBlock } from '../../hostile/support/unstorable-elements';
import { arrayFile, textElement, type FileElement, type UploadFile } from './upload-file';

/**
 * Small versions of the hostile suite's shapes (its own generators where they are small already),
 * sent now and then among the ordinary uploads. Ids are prefixed per tenant and use, so they never
 * collide with the tenant's products.
 */
export function hostileFile(tenant: number, use: number, name: string): UploadFile {
  const shape = HOSTILE_KINDS[use % HOSTILE_KINDS.length];
  const tag = `h${tenant}x${use}`;
  switch (shape) {
    case 'limits':
      // ids are the cases' own (`lim-…`, or the id under test): re-sent with the same content they are skipped.
      return arrayFile(
        name,
        'hostile-limits',
        limitCases().map(({ text, valid }) => textElement(text, valid)),
      );
    case 'unstorable': {
      const elements: FileElement[] = [];
      for (let k = 0; k < 20; k++) for (const { text, valid } of unstorableBlock(use * 100 + k)) elements.push(textElement(text, valid));
      return arrayFile(name, 'hostile-unstorable', elements);
    }
    case 'deep-nesting': {
      const ok = (i: number) => textElement(`{"id":"${tag}-deep-ok-${i}","title":"t"}`, true);
      const depth = 100_000;
      const deep = textElement(`{"id":"${tag}-deep","title":"t","attributes":{"nested":${'['.repeat(depth)}0${']'.repeat(depth)}}}`, false);
      return arrayFile(name, 'hostile-deep-nesting', [...Array.from({ length: 200 }, (_, i) => ok(i)), deep, ok(200)]);
    }
    case 'tag-arrays': {
      // Four elements just under 256 KiB, each holding ≈131k invalid tag items.
      const elements = Array.from({ length: 4 }, (_, i) => {
        const head = `{"id":"${tag}-tags-${i}","title":"t","tags":[`;
        const items = Math.floor((262_000 - head.length) / 2);
        return textElement(`${head}0${',0'.repeat(items - 1)}]}`, false);
      });
      return arrayFile(name, 'hostile-tag-arrays', [...elements, textElement(`{"id":"${tag}-tags-ok","title":"t"}`, true)]);
    }
    case 'whitespace':
      return {
        name,
        kind: 'hostile-whitespace',
        content: Buffer.from(' \n\t\r'.repeat(16_384)),
        elements: [],
        fileFailure: 'invalid_json',
      };
    default:
      return { ...arrayFile(name, 'hostile-bom-empty-array', []), content: Buffer.from('\uFEFF[]') };
  }
}

const HOSTILE_KINDS = ['limits', 'unstorable', 'deep-nesting', 'tag-arrays', 'whitespace', 'bom-empty-array'] as const;
