import { countElementsRecordingIds, elementProductId, ID_BATCH_SIZE } from './file-scan';

async function* chunksOf(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('elementProductId', () => {
  it('reads the id of valid and invalid products alike', () => {
    expect(elementProductId('{"id":"a","title":"x"}')).toBe('a');
    expect(elementProductId('{"id":"b","title":123,"price":"free"}')).toBe('b');
    expect(elementProductId('{"id":42}')).toBe('42');
  });

  it('is null when no id can be read', () => {
    expect(elementProductId(null)).toBeNull();
    expect(elementProductId('"a"')).toBeNull();
    expect(elementProductId('[{"id":"a"}]')).toBeNull();
    expect(elementProductId('{"id":"a",')).toBeNull();
    expect(elementProductId('{"id":""}')).toBeNull();
    expect(elementProductId(`{"id":"${'x'.repeat(101)}"}`)).toBeNull();
    expect(elementProductId('{"id":1.5}')).toBeNull();
  });
});

describe('countElementsRecordingIds', () => {
  it('counts every element and records the ids it can read, in bounded batches', async () => {
    const count = ID_BATCH_SIZE * 2 + 3;
    const elements = Array.from({ length: count }, (_, i) => (i % 10 === 9 ? '0' : JSON.stringify({ id: `p-${i}` })));
    const batches: string[][] = [];
    const total = await countElementsRecordingIds(chunksOf(`[${elements.join(',')}]`, 4096), async (ids) => {
      batches.push([...ids]);
    });
    expect(total).toBe(count);
    const ids = batches.flat();
    expect(ids).toHaveLength(count - Math.floor(count / 10));
    expect(new Set(ids).has('p-9')).toBe(false);
    expect(ids[0]).toBe('p-0');
    for (const batch of batches) expect(batch.length).toBeLessThan(ID_BATCH_SIZE * 2);
  });

  it('lets no recording outlive a scan that fails later in the file', async () => {
    const elements = Array.from({ length: ID_BATCH_SIZE * 1.5 }, (_, i) => JSON.stringify({ id: `p-${i}` }));
    let finished = 0;
    const record = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished++;
    };
    await expect(countElementsRecordingIds(chunksOf(`[${elements.join(',')}, {"id":"x"}} trailing`, 65_536), record)).rejects.toThrow();
    expect(finished).toBe(1);
  });

  it('fails when recording fails', async () => {
    const content = `[${Array.from({ length: ID_BATCH_SIZE + 1 }, (_, i) => JSON.stringify({ id: `p-${i}` })).join(',')}]`;
    await expect(
      countElementsRecordingIds(chunksOf(content, 65_536), () => Promise.reject(new Error('database gone'))),
    ).rejects.toThrow('database gone');
  });

  it('rejects a file that is not an array before recording anything', async () => {
    const record = jest.fn(async () => undefined);
    await expect(countElementsRecordingIds(chunksOf('{"id":"a"}', 64), record)).rejects.toThrow();
    expect(record).not.toHaveBeenCalled();
  });
});
