import { AuthAdminService } from '../../src/auth/auth-admin.service';
import { createCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

describe('debug', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  it('prints', async () => {
    const caller = await createCaller(t.app);
    await t.app.get(AuthAdminService).setOrganizationLanguage(caller.organizationId, 'ja');
    const products = [
      { id: 'a', title: 'マキタ コードレス掃除機 CL-100 ホワイト' },
      { id: 'b', title: '象印 ステンレス水筒 500ml', attributes: { material: 'ステンレス' } },
      { id: 'c', title: 'ソニー ワイヤレスヘッドホン WH-1000XM5', tags: ['ノイズキャンセリング'] },
    ];
    await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(products)));
    await waitForIndexing(t.app, caller.organizationId);
    for (const q of ['掃除機', 'ヘッドホン', 'ステンレス製の水筒が欲しい', 'ﾍｯﾄﾞﾎﾝ', 'ワイヤレスヘドホン']) {
      const page = await authed(t.http, caller)
        .get(`/v1/catalogs/products?q=${encodeURIComponent(q)}&language=ja`)
        .expect(200);
      console.log(q, JSON.stringify(page.body.data.map((p: { title: string }) => p.title)), JSON.stringify(page.body.interpretation));
    }
  });
});
