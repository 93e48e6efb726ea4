import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Site, startJourney, stopJourney, startCode } from '../site';

jest.setTimeout(240_000);

/**
 * What every page must do with the service worker in control and under the Content-Security-Policy:
 * no console error, no failed request, no CSP violation, on the server HTML and after client-side
 * navigations across the sections, in both languages.
 */

const STORY = '/stories/qatar-foundation-opens-new-learning-commons';
/** One page of each section, in the order the visitor goes through them. */
const JOURNEY = ['/', STORY, '/events/education-city-speaker-series-future-of-learning', '/media-center/experts/noor-al-mansoori', '/idkt/for-industry'];
/** Every page whose markup the CSP journey checks. */
const CSP_PAGES = [...JOURNEY, '/program', '/art-contest'];

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

const localized = (prefix: string, path: string) => (prefix && path === '/' ? prefix : prefix + path);

/** The page's own heading, as the server renders it. */
async function serverHeading(path: string): Promise<string> {
  const body = await (await fetch(site.url + path)).text();
  const h1 = /<h1[^>]*>(.*?)<\/h1>/s.exec(body)?.[1];
  if (!h1) throw new Error(`${path} has no h1`);
  return h1.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').trim();
}

/**
 * A fresh context whose pages record every console error, page error, failed request and CSP
 * violation (the `securitypolicyviolation` events, from the first byte of each document on).
 */
async function watchedContext(): Promise<{ context: BrowserContext; problems: string[]; missing: Set<string>; watch(page: Page): void }> {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`));
  });
  const problems: string[] = [];
  // Pages the chrome links to that do not exist yet (/supplier-registration, /privacy-policy): the
  // prefetch of their page data answers 404, which the browser logs. Broken links are not what these
  // journeys are about; a 404 for a page the journey visits still fails them (see below).
  const missing = new Set<string>();
  const watch = (page: Page) => {
    page.on('response', (r) => {
      const { pathname } = new URL(r.url());
      if (r.status() === 404 && pathname.startsWith('/page-data/') && pathname.endsWith('/page-data.json') && r.request().resourceType() === 'fetch') missing.add(r.url());
    });
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      if (/status of 404/.test(m.text()) && missing.has(m.location().url)) return;
      problems.push(`console: ${m.text()} (${m.location().url || page.url()})`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message} (${page.url()})`));
    page.on('requestfailed', (r) => problems.push(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  };
  return { context, problems, missing, watch };
}

/** Wait until no request of the page has been in flight for half a second. */
async function settle(page: Page): Promise<void> {
  let inFlight = 0;
  let last = Date.now();
  const up = () => void (inFlight++, (last = Date.now()));
  const down = () => void (inFlight--, (last = Date.now()));
  page.on('request', up);
  page.on('requestfinished', down);
  page.on('requestfailed', down);
  try {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - last < 500)) await page.waitForTimeout(100);
  } finally {
    page.off('request', up);
    page.off('requestfinished', down);
    page.off('requestfailed', down);
  }
}

/** Scroll through the page so every section and widget hydrates, then back up. */
async function hydrateAll(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  });
  await settle(page);
}

/** A client-side navigation, as a click on an internal link of the page does it once the page's code runs. */
async function navigate(page: Page, path: string, heading: string): Promise<void> {
  await startCode(page);
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = href;
    a.id = 'qf-journey-link';
    document.getElementById('qf-journey-link')?.remove();
    document.querySelector('main')!.prepend(a);
  }, path);
  // By keyboard: a section's sticky element may sit over the top of <main>.
  await page.focus('#qf-journey-link');
  await page.keyboard.press('Enter');
  await page.waitForURL(site.url + path);
  await page.locator('h1', { hasText: heading }).first().waitFor();
  await hydrateAll(page);
}

describe.each([
  ['en', ''],
  ['ar', '/ar'],
] as const)('with the service worker in control (%s)', (_lang, prefix) => {
  it('navigates client-side through every section with no console error and no failed request, and a visited story still opens offline', async () => {
    const { context, problems, missing, watch } = await watchedContext();
    try {
      const paths = JOURNEY.map((p) => localized(prefix, p));
      const headings = await Promise.all(paths.map(serverHeading));
      const page = await context.newPage();
      watch(page);
      await page.goto(site.url + paths[0]);
      // The worker is registered once the visitor uses the page (the boot comes with that first use).
      await page.mouse.move(20, 200);
      await page.evaluate(async () => void (await navigator.serviceWorker.ready));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      // Twice through the sections: first the worker fetches and keeps the files, then it answers from its cache.
      await hydrateAll(page);
      for (const round of [1, 2]) {
        for (let i = 1; i < paths.length; i++) await navigate(page, paths[i]!, headings[i]!);
        if (round === 1) await navigate(page, paths[0]!, headings[0]!);
      }
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${site.url}/sw.js`);
      // The sections' stylesheets, first loaded by <link> elements, read again with CORS (as an
      // accessibility checker does): the worker's copies are valid for that mode too.
      const reads = await page.evaluate(async () => {
        const sheets = performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.endsWith('.css') && new URL(u).origin !== location.origin);
        return Promise.all([...new Set(sheets)].map(async (u) => `${(await fetch(u)).status} ${u}`));
      });
      expect(reads.length).toBeGreaterThan(0);
      expect(reads.filter((r) => !r.startsWith('200 '))).toEqual([]);
      expect(problems).toEqual([]);
      // Only pages the journey does not visit may be missing (the prefetch of chrome links).
      const visited = new Set(paths.map((p) => `${site.url}/page-data${p === '/' ? '/index' : p}/page-data.json`));
      expect([...missing].filter((u) => visited.has(u))).toEqual([]);

      // Offline: the story opened once as a page opens again, client-side and as a full page load.
      await page.goto(site.url + paths[1]);
      await context.setOffline(true);
      await navigate(page, paths[2]!, headings[2]!);
      await navigate(page, paths[1]!, headings[1]!);
      await page.reload();
      await page.locator('h1', { hasText: headings[1]! }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(prefix ? 'ar' : 'en');
    } finally {
      await context.close();
    }
  });
});

describe.each([
  ['en', ''],
  ['ar', '/ar'],
] as const)('under the Content-Security-Policy (%s)', (_lang, prefix) => {
  it.each(CSP_PAGES)('%s renders and hydrates with no CSP violation', async (path) => {
    const { context, problems, watch } = await watchedContext();
    try {
      const page = await context.newPage();
      watch(page);
      const res = await page.goto(site.url + localized(prefix, path));
      expect(res?.status()).toBe(200);
      expect(res?.headers()['content-security-policy']).toMatch(/style-src 'self'/);
      expect(res?.headers()['content-security-policy']).not.toMatch(/style-src[^;]*'unsafe-inline'/);
      await hydrateAll(page);
      // The scroll-progress bar shows on every page but the home page: scrolled, it is drawn too.
      if (path !== '/') {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
        await page.waitForTimeout(200);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
