import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser';
import { REPO_ROOT, SCREENSHOT_DIR } from './support/env';
import { createCaller, startApi, type Caller, type RunningApi } from './support/service';

const EXAMPLE_FILE = join(REPO_ROOT, 'examples', 'products.json');

/** An operation of Swagger UI, opened and switched to "Try it out". */
async function tryItOut(page: Page, operationId: string, tag: string): Promise<Locator> {
  const operation = page.locator(`#operations-${tag}-${operationId}`);
  await operation.locator('.opblock-summary').click();
  await operation.locator('button.try-out__btn').click();
  return operation;
}

/** Presses Execute and returns the status and JSON body Swagger UI shows for the live response. */
async function execute(operation: Locator): Promise<{ status: number; body: Record<string, unknown> }> {
  const previous = operation.locator('.live-responses-table .response-col_status');
  if ((await previous.count()) > 0) await operation.locator('button.btn-clear').click();
  await operation.locator('button.execute').click();
  const bodyBlock = operation.locator('.live-responses-table tr.response .response-col_description pre').first();
  await bodyBlock.waitFor({ timeout: 15_000 });
  const status = await operation.locator('.live-responses-table tr.response .response-col_status').first().innerText();
  return { status: Number(/\d{3}/.exec(status)?.[0]), body: JSON.parse(await bodyBlock.innerText()) as Record<string, unknown> };
}

/**
 * A new user's first session in Swagger UI: authorize with Basic credentials, upload the example
 * catalog through "Try it out" with only the file chosen, and follow the job to `done` there.
 */
describe('Swagger UI in Chromium', () => {
  let api: RunningApi;
  let caller: Caller;
  let browser: BrowserSession;

  beforeAll(async () => {
    api = await startApi();
    caller = await createCaller('browser suite');
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('shows each error status of the upload with its own example body', async () => {
    const { page, problems } = browser;
    await page.goto(`${api.baseUrl}/docs`);
    const operation = page.locator('#operations-imports-upload-product-catalog');
    await operation.locator('.opblock-summary').click();
    const example = async (status: number) =>
      operation.locator(`tr.response[data-code="${status}"] .response-col_description pre`).first().innerText();
    expect(await example(413)).toContain('payload_too_large');
    expect(await example(415)).toContain('unsupported_media_type');
    expect(await example(401)).toContain('"authentication"');
    expect(await example(429)).toContain('uploads in progress');
    await operation.locator('tr.response[data-code="413"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, '00-upload-errors.png'), fullPage: false });
    expect(problems).toEqual({ console: [], uncaught: [], csp: [] });
  });

  it('uploads examples/products.json with only the file chosen, follows the job to done and lists the products', async () => {
    const { page, problems } = browser;
    await page.goto(`${api.baseUrl}/docs`);
    await page.locator('.swagger-ui .info .title').waitFor();
    expect(await page.title()).toBe('Product Directory Service');
    expect(await page.locator('.swagger-ui .info .title').innerText()).toContain('Product Directory Service');
    expect(await page.locator('.servers select option').allInnerTexts()).toEqual(['/ - This server']);
    await page.screenshot({ path: join(SCREENSHOT_DIR, '01-docs.png'), fullPage: false });

    await page.locator('button.authorize').first().click();
    await page.locator('#auth-basic-username').fill(caller.accountId);
    await page.locator('#auth-basic-password').fill(caller.token);
    await page.locator('.auth-btn-wrapper button.authorize').click();
    await page.locator('.auth-btn-wrapper button.btn-done').click();
    // SWAGGER_PERSIST_AUTH is off: the token is not written to localStorage.
    expect(await page.evaluate('JSON.stringify(window.localStorage)')).not.toContain(caller.token);

    const uploadOperation = await tryItOut(page, 'upload-product-catalog', 'imports');
    // The description links the element schema of the file to its entry under "Schemas".
    const productLink = uploadOperation.locator('.opblock-description-wrapper a', { hasText: 'Product' });
    expect(await productLink.getAttribute('href')).toBe('#model-Product');
    expect(await page.locator('#model-Product').count()).toBe(1);
    // One optional Idempotency-Key, left empty; no required lower-case twin.
    const headerRows = uploadOperation.locator('tr[data-param-in="header"]');
    expect(await headerRows.count()).toBe(1);
    expect(await headerRows.first().getAttribute('data-param-name')).toBe('Idempotency-Key');
    await uploadOperation.locator('input[type="file"]').setInputFiles(EXAMPLE_FILE);
    const uploaded = await execute(uploadOperation);
    await page.screenshot({ path: join(SCREENSHOT_DIR, '02-upload.png'), fullPage: false });
    expect(uploaded.status).toBe(202);
    const jobId = String(uploaded.body.job_id);
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);

    const statusOperation = await tryItOut(page, 'check-import-status', 'imports');
    await statusOperation.locator('tr[data-param-name="job_id"] input').fill(jobId);
    let job = await execute(statusOperation);
    for (const deadline = Date.now() + 60_000; job.body.status !== 'done' && job.body.status !== 'failed';) {
      if (Date.now() > deadline) throw new Error(`job still ${String(job.body.status)} after 60 s`);
      await page.waitForTimeout(500);
      job = await execute(statusOperation);
    }
    await statusOperation.locator('.live-responses-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, '03-status-done.png'), fullPage: false });
    // The example file holds three products, the third deliberately invalid (docs/product-schema.md).
    expect(job).toEqual({
      status: 200,
      body: expect.objectContaining({
        job_id: jobId,
        status: 'done',
        total: 3,
        indexed_count: 2,
        failed_count: 1,
        skipped_count: 0,
        progress: 3,
      }),
    });

    // "Try it out" on list-products starts with q empty, so Execute lists every product.
    const listOperation = await tryItOut(page, 'list-products', 'catalog');
    expect(await listOperation.locator('tr[data-param-name="q"] input').inputValue()).toBe('');
    const listed = await execute(listOperation);
    expect(listed.status).toBe(200);
    expect((listed.body.data as Array<{ id: string }>).map((product) => product.id).sort()).toEqual(['10043', 'SKU-10042']);

    expect(problems).toEqual({ console: [], uncaught: [], csp: [] });
  });
});
