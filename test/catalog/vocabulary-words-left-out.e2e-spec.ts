import { DataSource } from 'typeorm';
import { SearchIndexRepository } from '../../src/catalog/indexing/search-index.repository';
import { createCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The indexer warns "vocabulary is full: N new words not added" from indexPending's
 * `wordsLeftOut`. It counts the words the bound kept out, not the words another loop added first
 * (two loops of one organization index at once; the later insert of a word does nothing): those
 * are held, and a warning about them was false.
 */
describe('Vocabulary words left out by the bound', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: false }); // nothing indexes beside the statements under test
  });
  afterAll(() => t.close());

  const db = () => t.app.get(DataSource);

  /** A stored product with a one-word title, listed as pending; returns the word its vector holds. */
  async function pendingProduct(organizationId: string, id: string, title: string): Promise<string> {
    await db().query(
      `INSERT INTO products (organization_id, product_id, content_hash, data) VALUES ($1, $2, '\\x00', jsonb_build_object('id', $2::text, 'title', $3::text))`,
      [organizationId, id, title],
    );
    await db().query(`INSERT INTO product_search_pending (organization_id, product_id) VALUES ($1, $2)`, [organizationId, id]);
    const [{ word }] = (await db().query(`SELECT (tsvector_to_array(to_tsvector('pds_search', $1)))[1] AS word`, [title])) as Array<{
      word: string;
    }>;
    return word;
  }

  it('does not count a word another transaction added while the chunk ran', async () => {
    const caller = await createCaller(t.app);
    const word = await pendingProduct(caller.organizationId, 'p-1', 'Zorblatix');
    const other = db().createQueryRunner();
    await other.connect();
    try {
      await other.startTransaction();
      await other.query(`INSERT INTO search_vocabulary (organization_id, word) VALUES ($1, $2)`, [caller.organizationId, word]);
      // The chunk does not see the uncommitted word as held: it is new to it, and its insert waits.
      const chunk = t.app.get(SearchIndexRepository).indexPending(caller.organizationId, 10, 200_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.commitTransaction();
      await expect(chunk).resolves.toEqual({ taken: 1, wordsLeftOut: 0, paused: false });
    } finally {
      await other.release();
    }
    const held = (await db().query(`SELECT word FROM search_vocabulary WHERE organization_id = $1`, [caller.organizationId])) as Array<{
      word: string;
    }>;
    expect(held.map((r) => r.word)).toEqual([word]);
  });

  it('counts the words beyond the bound, exactly', async () => {
    const caller = await createCaller(t.app);
    await db().query(`INSERT INTO search_vocabulary (organization_id, word) VALUES ($1, 'heldword')`, [caller.organizationId]);
    await pendingProduct(caller.organizationId, 'p-1', 'Quorvandel');
    await pendingProduct(caller.organizationId, 'p-2', 'Trimbelox');
    await pendingProduct(caller.organizationId, 'p-3', 'Vextragon');
    // Room for one more word: two of the three are left out.
    await expect(t.app.get(SearchIndexRepository).indexPending(caller.organizationId, 10, 2)).resolves.toEqual({
      taken: 3,
      wordsLeftOut: 2,
      paused: false,
    });
    const [{ n }] = (await db().query(`SELECT count(*)::int AS n FROM search_vocabulary WHERE organization_id = $1`, [
      caller.organizationId,
    ])) as Array<{ n: number }>;
    expect(n).toBe(2);
  });
});
