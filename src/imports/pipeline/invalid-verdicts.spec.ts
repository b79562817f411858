import * as validator from '../../catalog/product/product-validator';
import { evaluateElements, parseElement } from './element-evaluator';
import { InvalidVerdicts } from './invalid-verdicts';
import type { RawElement } from './raw-element';

const element = (index: number, text: string): RawElement => ({
  index,
  source: Buffer.from(text),
  start: 0,
  byteLength: Buffer.byteLength(text),
  offset: 0,
  oversized: false,
});
const hash = (n: number) => String(n).padStart(2, '0').repeat(32);

describe('InvalidVerdicts', () => {
  it('keeps at most `max` verdicts, dropping the least recently used', () => {
    const verdicts = new InvalidVerdicts(2);
    verdicts.remember(hash(1), { productId: 'a', errors: [] });
    verdicts.remember(hash(2), { productId: 'b', errors: [] });
    expect(verdicts.get(hash(1))?.productId).toBe('a'); // 1 is now the most recent
    verdicts.remember(hash(3), { productId: 'c', errors: [] });
    expect(verdicts.size).toBe(2);
    expect(verdicts.get(hash(2))).toBeUndefined();
    expect(verdicts.get(hash(1))?.productId).toBe('a');
    expect(verdicts.get(hash(3))?.productId).toBe('c');
  });

  it('remembers nothing with max 0', () => {
    const verdicts = new InvalidVerdicts(0);
    verdicts.remember(hash(1), { productId: 'a', errors: [] });
    expect(verdicts.size).toBe(0);
  });
});

describe('evaluateElements with remembered verdicts', () => {
  afterEach(() => jest.restoreAllMocks());

  const invalid = '{"id":"SKU-9","title":"","price":{"amount":-1,"currency":"usd"}}';
  const evaluate = (verdicts: InvalidVerdicts, ...texts: string[]) =>
    evaluateElements(
      texts.map((text, i) => parseElement(element(i, text))),
      new Map(),
      verdicts,
    );

  it('explains an invalid element once: the same bytes again get the same errors without the full validator', () => {
    const verdicts = new InvalidVerdicts();
    const [first] = evaluate(verdicts, invalid);
    expect(first).toMatchObject({ kind: 'invalid', productId: 'SKU-9' });
    const full = jest.spyOn(validator, 'validateProduct');

    const [again] = evaluate(verdicts, invalid);

    expect(full).not.toHaveBeenCalled();
    expect(again).toEqual(first);
  });

  it('validates other bytes of the same product in full (a verdict is for exact bytes)', () => {
    const verdicts = new InvalidVerdicts();
    evaluate(verdicts, invalid);
    const full = jest.spyOn(validator, 'validateProduct');

    const [other] = evaluate(verdicts, invalid.replace('-1', '-2'));

    expect(full).toHaveBeenCalledTimes(1);
    expect(other).toMatchObject({ kind: 'invalid', productId: 'SKU-9' });
  });

  it('never remembers valid elements', () => {
    const verdicts = new InvalidVerdicts();
    const [valid] = evaluate(verdicts, '{"id":"SKU-1","title":"Lamp"}');
    expect(valid.kind).toBe('valid');
    expect(verdicts.size).toBe(0);
  });
});
