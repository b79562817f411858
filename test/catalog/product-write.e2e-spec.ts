import { createHash, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { isStorableString } from '../../src/common/text/storable-string';
import { canonicalJson } from '../../src/catalog/hashing/canonical-json';
import type { ProductWrite } from '../../src/catalog/product-write';
import { ProductRepository } from '../../src/catalog/repositories/product.repository';
import type { ValidProduct } from '../../src/catalog/product/valid-product';
import { createCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * ProductRepository.write round trip against PostgreSQL: new rows go through the binary COPY,
 * changed ones through the UPDATE; what is read back must equal what was written, for text that
 * the COPY text format had to escape (backslash, tab, newline, CR), non-BMP characters, JSON
 * escapes, and random storable strings.
 */
describe('ProductRepository.write round trip', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  });
  afterAll(() => t.close());

  const AWKWARD = [
    'back\\slash \\\\ \\n \\x41 \\.',
    'tab\there, newline\nthere, cr\rhere, \r\n',
    'non-BMP 😀 𝄞 🇩🇪, BMP é ß — ～',
    'quote " and \\" and \u2028 \u2029 \u007f \u0001 \u001f',
    'PGCOPY\n\xff\r\n',
    '\\.\n',
    '',
  ];

  const writeOf = (product: ValidProduct, exists: boolean): ProductWrite => {
    const json = Buffer.from(canonicalJson(product), 'utf8');
    return {
      productId: product.id,
      contentHash: createHash('sha256').update(json).digest('hex'),
      rawHash: createHash('sha256').update(`raw ${json}`).digest('hex'),
      json,
      exists,
    };
  };

  async function writeAndReadBack(organizationId: string, rows: ProductWrite[]) {
    const jobId = randomUUID();
    const db = t.app.get(DataSource);
    await db.transaction((manager) => t.app.get(ProductRepository).write(manager, organizationId, jobId, rows));
    const stored: Array<{
      organization_id: string;
      product_id: string;
      content_hash: Buffer;
      raw_hash: Buffer;
      data: unknown;
      last_import_job_id: string;
      same_json: boolean;
    }> = await db.query(
      `SELECT p.organization_id, p.product_id, p.content_hash, p.raw_hash, p.data, p.last_import_job_id, p.data = w.json::jsonb AS same_json
           FROM unnest($2::text[], $3::text[]) AS w(product_id, json)
           JOIN products p ON p.organization_id = $1 AND p.product_id = w.product_id`,
      [organizationId, rows.map((r) => r.productId), rows.map((r) => r.json.toString('utf8'))],
    );
    const byId = new Map(stored.map((s) => [s.product_id, s]));
    expect(byId.size).toBe(rows.length);
    for (const row of rows) {
      const s = byId.get(row.productId)!;
      expect(s.organization_id).toBe(organizationId);
      expect(s.last_import_job_id).toBe(jobId);
      expect(s.content_hash.toString('hex')).toBe(row.contentHash);
      expect(s.raw_hash.toString('hex')).toBe(row.rawHash);
      expect(s.data).toEqual(JSON.parse(row.json.toString('utf8')));
      expect(s.same_json).toBe(true); // the jsonb PostgreSQL parsed from the JSON text
    }
  }

  it('stores awkward text exactly, on insert (COPY) and on update', async () => {
    const { organizationId } = await createCaller(t.app);
    const products = AWKWARD.map((text, i): ValidProduct => ({
      id: `${text}|${i}`,
      title: text || 'empty',
      description: text,
      tags: [text, `${text}2`],
      attributes: { [text || 'k']: text, n: i, b: true },
    }));
    await writeAndReadBack(
      organizationId,
      products.map((p) => writeOf(p, false)),
    );
    const changed = products.map((p) => ({ ...p, title: `${p.title} \\ \t changed 😀` }));
    await writeAndReadBack(
      organizationId,
      changed.map((p) => writeOf(p, true)),
    );
  });

  it('stores random storable strings exactly, in a batch spanning several COPY pieces', async () => {
    const { organizationId } = await createCaller(t.app);
    const storable = fc.string({ unit: 'binary', maxLength: 400 }).filter(isStorableString);
    const products = fc
      .sample(
        fc.record({
          title: storable,
          description: fc.string({ unit: 'binary', minLength: 200, maxLength: 400 }).filter(isStorableString),
          brand: storable,
          tags: fc.array(storable, { maxLength: 5 }),
        }),
        {
          numRuns: 1_500,
          seed: 11,
        },
      )
      .map((fields, i): ValidProduct => ({ id: `r-${i}`, ...fields }));
    const rows = products.map((p) => writeOf(p, false));
    expect(rows.reduce((n, r) => n + Buffer.byteLength(r.json), 0)).toBeGreaterThan(1024 * 1024);
    await writeAndReadBack(organizationId, rows);
  });

  it('writes nothing of a batch whose COPY fails', async () => {
    const { organizationId } = await createCaller(t.app);
    const good = writeOf({ id: 'ok', title: 'fine' }, false);
    const bad = { ...writeOf({ id: 'bad', title: 'x' }, false), json: Buffer.from('{"t":"\\u0000"}') }; // jsonb refuses NUL
    await expect(
      t.app
        .get(DataSource)
        .transaction((manager) => t.app.get(ProductRepository).write(manager, organizationId, randomUUID(), [good, bad])),
    ).rejects.toThrow(/unsupported Unicode escape sequence/);
    const [{ n }]: Array<{ n: number }> = await t.app
      .get(DataSource)
      .query('SELECT count(*)::int AS n FROM products WHERE organization_id = $1', [organizationId]);
    expect(n).toBe(0);
  });
});
