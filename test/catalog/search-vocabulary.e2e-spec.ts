import { createCaller, type TestCaller } from '../support/factories';
import { eventually } from '../support/eventually';
import { upload, waitForIndexing, waitForJob, waitForSearch } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';
import { SearchVocabularyRepository } from '../../src/catalog/indexing/search-vocabulary.repository';

/** The vocabulary bound of this app: small, so a catalog of a few one-word titles reaches it. */
const MAX_WORDS = 3;

/**
 * The search vocabulary (typo corrections, prefixes) follows the catalog: words of deleted or
 * replaced products leave it (VocabularySweepService), and it holds at most SEARCH_VOCABULARY_MAX_WORDS
 * words per organization. Titles are single made-up words, so each product adds one word.
 * A correction goes to the nearest vocabulary words only: while a deleted word one edit away is
 * held, a live word two edits away is never reached.
 */
describe('Search vocabulary upkeep and bound', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: (c) => ({ ...c, catalog: { ...c.catalog, vocabularyMaxWords: MAX_WORDS } }) });
  });
  afterAll(() => t.close());

  async function importTitles(caller: TestCaller, titles: string[], query = ''): Promise<void> {
    const file = JSON.stringify(titles.map((title, i) => ({ id: `p-${i}`, title })));
    const jobId = query
      ? ((await authed(t.http, caller).post(`/v1/catalogs/imports?${query}`).attach('file', Buffer.from(file), 'catalog.json').expect(202))
          .body.job_id as string)
      : await upload(t.http, caller.auth, file);
    await waitForJob(t.http, caller.auth, jobId);
    await waitForIndexing(t.app, caller.organizationId);
  }

  const titlesFound = async (caller: TestCaller, q: string): Promise<string[]> => {
    const page = await authed(t.http, caller)
      .get(`/v1/catalogs/products?q=${encodeURIComponent(q)}&limit=100`)
      .expect(200);
    return (page.body.data as Array<{ title: string }>).map((p) => p.title);
  };

  /**
   * Probes after sweeping the organization's vocabulary ourselves (SearchVocabularyRepository.sweep,
   * the step VocabularySweepService runs): the worker's own sweep takes organizations in turn, and this Jest
   * worker's database holds every organization earlier spec files changed, so its turn may be minutes away.
   */
  const afterSweep = (organizationId: string, probe: () => Promise<boolean>) => async () => {
    await t.app.get(SearchVocabularyRepository).sweep(organizationId, '', 10_000);
    return probe();
  };

  it("forgets a deleted product's words: a typo then reaches the live word it used to be hidden behind", async () => {
    const caller = await createCaller(t.app);
    await importTitles(caller, ['Krimbalost', 'Krembolust']);
    // One edit from krimbalost, two from krembolust.
    expect(await titlesFound(caller, 'krimbalust')).toEqual(['Krimbalost']);
    await authed(t.http, caller).delete('/v1/catalogs/products/p-0').expect(204);
    await eventually(
      'the typo to reach krembolust once krimbalost left the vocabulary',
      afterSweep(caller.organizationId, async () => (await titlesFound(caller, 'krimbalust')).includes('Krembolust')),
      { timeoutMs: 60_000 },
    );
    expect(await titlesFound(caller, 'krimbalust')).toEqual(['Krembolust']);
  });

  it('forgets the words of products a replace import removed', async () => {
    const caller = await createCaller(t.app);
    await importTitles(caller, ['Zentorafik']);
    await importTitles(caller, ['Zentorifuk'], 'mode=replace&allow_mass_delete=true');
    // The replace kept id p-0 with a new title: zentorafik is in no product any more.
    await eventually(
      'the typo to reach zentorifuk once zentorafik left the vocabulary',
      afterSweep(caller.organizationId, async () => (await titlesFound(caller, 'zentorafek')).includes('Zentorifuk')),
      { timeoutMs: 60_000 },
    );
  });

  it('holds exactly SEARCH_VOCABULARY_MAX_WORDS words: every word is corrected to', async () => {
    const caller = await createCaller(t.app);
    await importTitles(caller, ['Glorvantik', 'Mistrovael', 'Quandelorp']);
    expect(await titlesFound(caller, 'quandelorb')).toEqual(['Quandelorp']);
  });

  it('leaves out words beyond the bound (the last in word order): no correction to them, still found as typed', async () => {
    const caller = await createCaller(t.app);
    await importTitles(caller, ['Glorvantik', 'Mistrovael', 'Quandelorp', 'Vexmirunta']);
    expect(await titlesFound(caller, 'quandelorb')).toEqual(['Quandelorp']);
    expect(await titlesFound(caller, 'vexmirunto')).toEqual([]);
    await waitForSearch(t.http, caller.auth, 'vexmirunta', 1);
    // A re-import with new words adds none while the vocabulary is full.
    await importTitles(caller, ['Glorvantik', 'Mistrovael', 'Quandelorp', 'Vexmirunta', 'Bastelorix']);
    expect(await titlesFound(caller, 'bastelorax')).toEqual([]);
    await waitForSearch(t.http, caller.auth, 'bastelorix', 1);
  });
});
