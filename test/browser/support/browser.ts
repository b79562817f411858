import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM } from './env';

/** What the page reported that a person would see as breakage: console errors, uncaught errors, CSP violations. */
export interface PageProblems {
  console: string[];
  uncaught: string[];
  csp: string[];
}

export interface BrowserSession {
  page: Page;
  problems: PageProblems;
  close(): Promise<void>;
}

/**
 * The Debian chromium, headless, in a fresh profile, with nothing that phones home; every console
 * error, uncaught exception and CSP violation of the page is collected.
 */
export async function openBrowser(): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'pds-browser-profile-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1280, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems: PageProblems = { console: [], uncaught: [], csp: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.console.push(message.text());
  });
  page.on('pageerror', (error) => problems.uncaught.push(error.message));
  await page.exposeFunction('__reportCspViolation', (text: string) => problems.csp.push(text));
  // Runs in the page before its own scripts (a string: this project compiles without the DOM types).
  await page.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (event) =>
      window.__reportCspViolation(event.violatedDirective + ' blocked ' + event.blockedURI));`,
  });
  return {
    page,
    problems,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
