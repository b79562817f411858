import { DataSource } from 'typeorm';
import { PREFIX_COMPLETIONS } from '../../src/catalog/search/query-reading/query-analyzer.service';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

/**
 * The last word as a prefix (search as you type): it matches the organization's vocabulary words
 * that start with it, the PREFIX_COMPLETIONS shortest, each looked up in the index by name.
 */
describe('Search: the last word as a prefix', () => {
  let t: TestApp;
  let owner: TestCaller;
  // More words sharing a prefix than a prefix completes to, of several lengths (consonant endings: the stemmer keeps them whole).
  const suffixes = Array.from({ length: PREFIX_COMPLETIONS + 6 }, (_, i) => 'q'.repeat(1 + (i % 4)) + 'bcdfghjklmnpqrtvwxz'[i % 19]);
  const catalog = suffixes.map((suffix, i) => ({ id: `p-${i}`, title: `Vintage zorbix${suffix} lamp` }));

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createCaller(t.app);
    const jobId = await upload(t.http, owner.auth, JSON.stringify(catalog));
    expect((await waitForJob(t.http, owner.auth, jobId)).status).toBe('done');
    await waitForIndexing(t.app, owner.organizationId);
  });
  afterAll(() => t.close());

  const search = async (q: string): Promise<string[]> => {
    const res = await authed(t.http, owner).get('/v1/catalogs/products').query({ q, limit: 100 }).expect(200);
    return (res.body.data as Array<{ id: string }>).map((p) => p.id).sort();
  };

  it('finds the products of the shortest completions, no more than PREFIX_COMPLETIONS of them', async () => {
    const vocabulary: Array<{ word: string }> = await t.app
      .get(DataSource)
      .query(`SELECT word FROM search_vocabulary WHERE organization_id = $1 AND word LIKE 'zorbix%' ORDER BY length(word), word`, [
        owner.organizationId,
      ]);
    expect(vocabulary.length).toBe(catalog.length);
    const completions = new Set(vocabulary.slice(0, PREFIX_COMPLETIONS).map((v) => v.word));
    const expected = catalog.filter((p) => completions.has(p.title.split(' ')[1])).map((p) => p.id);

    const found = await search('zorbix');
    expect(found).toHaveLength(PREFIX_COMPLETIONS);
    expect(found).toEqual(expected.sort());
  });

  it('matches a whole word typed in full as itself, and not as a prefix when more words follow', async () => {
    expect(await search(`zorbix${suffixes[0]}`)).toEqual(['p-0']);
    // Not the last word: no completion, and no vocabulary word is `zorbix` itself.
    expect(await search('zorbix lamp')).toEqual(catalog.map((p) => p.id).sort());
  });
});
