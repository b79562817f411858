import { copyText, productCopyLines } from './product-copy';

describe('product COPY text', () => {
  it('escapes the four characters COPY text treats specially, and only those', () => {
    expect(copyText('a\\b\nc\rd\te "f" \u00e9')).toBe('a\\\\b\\nc\\rd\\te "f" \u00e9');
    expect(copyText('plain')).toBe('plain');
  });

  it('writes one tab-separated line per row with bytea as escaped hex', () => {
    const rows = [
      { productId: 'p\\1', contentHash: Buffer.from([0xab]), rawHash: Buffer.from([0x01, 0x02]), json: '{"t":"a\\"b"}', exists: false },
    ];
    expect([...productCopyLines('org', 'job', rows)].join('')).toBe('org\tp\\\\1\t\\\\xab\t\\\\x0102\t{"t":"a\\\\"b"}\tjob\n');
  });

  it('hands rows over in bounded pieces that concatenate to every line', () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      productId: `p-${i}`,
      contentHash: Buffer.alloc(32),
      rawHash: Buffer.alloc(32),
      json: JSON.stringify({ id: `p-${i}`, title: 'x'.repeat(500) }),
      exists: false,
    }));
    const pieces = [...productCopyLines('org', 'job', rows)];
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.every((p) => p.length < 65_536 + 1_000)).toBe(true);
    expect(pieces.join('').split('\n').filter(Boolean)).toHaveLength(300);
  });
});
