import type { ProductWrite } from '../product-write';
import { uuidBytes } from '../../database/binary-copy';
import { PIECE_BYTES, productCopyPieces } from './product-copy';

const ORG = '0f8fad5b-d9cb-469f-a165-70867728950e';
const JOB = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const row = (productId: string, json: string): ProductWrite => ({
  productId,
  contentHash: 'ab'.repeat(32),
  rawHash: 'cd'.repeat(32),
  json: Buffer.from(json, 'utf8'),
  exists: false,
});

/** Reads the binary COPY stream back: PostgreSQL's layout, decoded independently of the writer. */
function decode(stream: Buffer): Buffer[][] {
  expect(stream.subarray(0, 11)).toEqual(Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]));
  expect(stream.readInt32BE(11)).toBe(0); // flags
  expect(stream.readInt32BE(15)).toBe(0); // header extension length
  const rows: Buffer[][] = [];
  let at = 19;
  for (;;) {
    const fields = stream.readInt16BE(at);
    at += 2;
    if (fields === -1) break;
    const values: Buffer[] = [];
    for (let i = 0; i < fields; i++) {
      const length = stream.readInt32BE(at);
      values.push(stream.subarray(at + 4, at + 4 + length));
      at += 4 + length;
    }
    rows.push(values);
  }
  expect(at).toBe(stream.length);
  return rows;
}

describe('product COPY in binary format', () => {
  it('writes header, six length-prefixed fields per row (uuid, text, bytea, bytea, jsonb, uuid) and the trailer', () => {
    const rows = [row('p\\1\t', '{"t":"a\\"b\\n😀"}'), row('é', '{}')];
    const [first, second] = decode(Buffer.concat([...productCopyPieces(ORG, JOB, rows)]));
    expect(first).toEqual([
      Buffer.from('0f8fad5bd9cb469fa16570867728950e', 'hex'),
      Buffer.from('p\\1\t', 'utf8'),
      Buffer.alloc(32, 0xab),
      Buffer.alloc(32, 0xcd),
      Buffer.concat([Buffer.from([1]), Buffer.from('{"t":"a\\"b\\n😀"}', 'utf8')]),
      Buffer.from('7c9e6679742540de944be07fc1f90ae7', 'hex'),
    ]);
    expect(second[1].toString('utf8')).toBe('é');
    expect(second[4]).toEqual(Buffer.from('\x01{}', 'latin1'));
  });

  it('writes an empty batch as header and trailer only', () => {
    expect(decode(Buffer.concat([...productCopyPieces(ORG, JOB, [])]))).toEqual([]);
  });

  it('hands rows over in bounded pieces that together hold every row in order (3-byte UTF-8 text)', () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => row(`p-${i}`, JSON.stringify({ id: `p-${i}`, title: '€'.repeat(300 + (i % 7)) })));
    const pieces = [...productCopyPieces(ORG, JOB, rows)];
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.every((p) => p.length <= PIECE_BYTES)).toBe(true);
    const decoded = decode(Buffer.concat(pieces));
    expect(decoded.map((fields) => fields[1].toString('utf8'))).toEqual(rows.map((r) => r.productId));
    expect(decoded.map((fields) => fields[4].subarray(1))).toEqual(rows.map((r) => r.json));
  });

  it('gives a row larger than a piece a piece of its own', () => {
    const big = row('big', JSON.stringify({ d: '€😀'.repeat(PIECE_BYTES / 2) }));
    const pieces = [...productCopyPieces(ORG, JOB, [row('a', '{}'), big, row('b', '{}')])];
    const decoded = decode(Buffer.concat(pieces));
    expect(decoded.map((fields) => fields[1].toString())).toEqual(['a', 'big', 'b']);
    expect(decoded[1][4].subarray(1)).toEqual(big.json);
  });

  it('refuses ids that are not uuids instead of writing other bytes', () => {
    expect(uuidBytes('0F8FAD5B-D9CB-469F-A165-70867728950E')).toEqual(Buffer.from('0f8fad5bd9cb469fa16570867728950e', 'hex'));
    expect(() => uuidBytes('0f8fad5b-d9cb-469f-a165-70867728950')).toThrow(TypeError);
    expect(() => [...productCopyPieces('org', JOB, [])]).toThrow(TypeError);
  });
});
