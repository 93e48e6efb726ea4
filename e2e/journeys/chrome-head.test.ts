import type { Browser, Page } from 'playwright-core';
import { type Site, recordProblems, startJourney, stopJourney, startCode } from '../site';

jest.setTimeout(300_000);

/** The public origin the shell is told (SITE_URL): never the host the browser uses (127.0.0.1:port). */
const SITE_URL = 'https://www.qf-journey.example';

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney({ env: { SITE_URL } })));
afterAll(() => stopJourney(site, browser));

type HeadElement = [tag: string, attrs: string, text: string];

/**
 * The head elements that describe the page, of a server HTML (`html`) or of the live document (null):
 * everything in the head but stylesheets, scripts that run and resource hints, which the sections'
 * loaders add as they go. Attributes sorted, nonces left out (the browser hides them anyway),
 * JSON-LD normalised.
 */
function headOf(page: Page, html: string | null): Promise<HeadElement[]> {
  return page.evaluate((source) => {
    const doc = source === null ? document : new DOMParser().parseFromString(source, 'text/html');
    const skipped = 'style, script:not([type="application/ld+json"]), link[rel~="stylesheet"], link[rel~="preload"], link[rel~="modulepreload"], link[rel~="prefetch"], link[rel~="preconnect"], link[rel~="dns-prefetch"]';
    return [...doc.head.children]
      .filter((el) => !el.matches(skipped))
      .map((el): [string, string, string] => {
        const attrs = [...el.attributes]
          .filter((a) => a.name !== 'nonce')
          .map((a) => `${a.name}=${a.value}`)
          .sort()
          .join(' ');
        const text = el.matches('script') ? JSON.stringify(JSON.parse(el.textContent ?? 'null')) : (el.textContent ?? '');
        return [el.tagName.toLowerCase(), attrs, text];
      });
  }, html);
}

/** What the server renders in the head for `path`, fetched directly (no browser, no cookie). */
async function serverHead(page: Page, path: string): Promise<HeadElement[]> {
  const res = await fetch(`${site.url}${path}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  // Its head only, without its inlined stylesheets: parsed in the page, they would meet the page's CSP (another nonce).
  const head = html.slice(0, html.indexOf('</head>') + '</head>'.length).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
  return headOf(page, `${head}<body></body></html>`);
}

/** The live head and `<html lang dir>` become the server's for the page in view, and it was a client-side navigation. */
async function expectServerHead(page: Page, path: string, lang: 'en' | 'ar'): Promise<void> {
  await page.waitForFunction((p) => window.location.pathname === p, path);
  const expected = await serverHead(page, path);
  const canonical = expected.find(([tag, attrs]) => tag === 'link' && attrs.includes('rel=canonical'));
  expect(canonical?.[1]).toContain(`href=${SITE_URL}${path}`);
  expect(JSON.stringify(expected)).not.toContain('127.0.0.1');
  // The head follows once the new page is swapped in: give a busy machine a few seconds.
  let live = await headOf(page, null);
  for (let i = 0; i < 50 && JSON.stringify(live) !== JSON.stringify(expected); i++) {
    await page.waitForTimeout(100);
    live = await headOf(page, null);
  }
  expect({ path, head: live }).toEqual({ path, head: expected });
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, lang === 'ar' ? 'rtl' : 'ltr']);
  // Never a full load: the mark set on the first page is still there.
  expect(await page.evaluate(() => (window as unknown as { __qfHeadJourney?: boolean }).__qfHeadJourney)).toBe(true);
}

/** Follow the first link to `href` (exact) or, with a trailing `*`, the first link whose address starts so, in `scope`. */
async function follow(page: Page, scope: string, href: string): Promise<string> {
  const selector = href.endsWith('*') ? `${scope} a[href^="${href.slice(0, -1)}"]` : `${scope} a[href="${href}"]`;
  const link = page.locator(selector).first();
  const target = (await link.getAttribute('href')) ?? '';
  await link.click();
  // The address changes once the next page is swapped in; the head is checked (and waited for) next.
  await page.waitForFunction((p) => window.location.pathname === p, target);
  return target;
}

describe('the head after client-side navigations', () => {
  it('is what the server renders for each page, with SITE_URL, across sections, languages and history', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = recordProblems(page);
    await page.goto(`${site.url}/`);
    await page.evaluate(() => ((window as unknown as { __qfHeadJourney?: boolean }).__qfHeadJourney = true));
    await expectServerHead(page, '/', 'en');
    // Links navigate client-side once the page's code runs (before it, a tap is a plain navigation).
    await startCode(page);

    // English: events (mf-events), an event, the media centre (mf-media-center), stories and a story (mf-content).
    await expectServerHead(page, await follow(page, 'footer', '/events'), 'en');
    await expectServerHead(page, await follow(page, 'main', '/events/*'), 'en');
    await expectServerHead(page, await follow(page, 'footer', '/media-center'), 'en');
    await expectServerHead(page, await follow(page, 'footer', '/stories'), 'en');
    const story = await follow(page, 'main', '/stories/*');
    await expectServerHead(page, story, 'en');

    // The language switch: the same story in Arabic, then Arabic pages of each section and home.
    await page.locator('[data-language-switch]').first().click();
    await expectServerHead(page, `/ar${story}`, 'ar');
    await expectServerHead(page, await follow(page, 'footer', '/ar/events'), 'ar');
    await expectServerHead(page, await follow(page, 'footer', '/ar/media-center'), 'ar');
    await expectServerHead(page, await follow(page, 'footer', '/ar/about'), 'ar');
    await expectServerHead(page, await follow(page, 'nav', '/ar'), 'ar');

    // Back and forward are client-side too, across the language switch.
    await page.goBack();
    await expectServerHead(page, '/ar/about', 'ar');
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expectServerHead(page, story, 'en');
    await page.goForward();
    await expectServerHead(page, `/ar${story}`, 'ar');
    expect(problems).toEqual([]);
    await context.close();
  });
});
