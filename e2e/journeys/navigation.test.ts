import type { Browser, Page } from 'playwright-core';
import { PHONE } from '../navigation';
import { freePort, recordProblems, startCode, startJourney, stopJourney, type Site } from '../site';
import { LOCAL_NETWORK, startThrottle, type Throttle } from '../throttle';

/**
 * Taps on a phone (issue 34), as a visitor's browser does them, in English and Arabic: a tap before the
 * page's code has come is the browser's own navigation (never held for code, nothing fetched for it);
 * SPEC §9's prefetch runs for a visitor who never touched the page (the HTML of the links in view, from
 * 3 s after load, 4 at a time, 3 s apart) and a tap on such a link is answered from it; once the code
 * runs, a tap is a client-side navigation whose data and code were prefetched. The browser talks to the
 * site through a proxy that only notes what it asks for (with its `Sec-Purpose`); the timing itself is
 * `npm run bench:navigation`'s.
 */
jest.setTimeout(180_000);

let site: Site;
let browser: Browser;
let proxy: Throttle;
beforeAll(async () => {
  // The phone reaches the shell through the proxy: its origin is the page's, which the sections are told.
  const proxyPort = await freePort();
  ({ site, browser } = await startJourney({ origins: [`http://127.0.0.1:${proxyPort}`] }));
  proxy = await startThrottle(new URL(site.url).host, LOCAL_NETWORK, proxyPort);
});
afterAll(async () => {
  await proxy?.close();
  await stopJourney(site, browser);
});

const LANGS = [
  { lang: 'en', home: '/', story: '/stories/education-city-stadium-opens-gates-world-cup-fans' },
  { lang: 'ar', home: '/ar', story: '/ar/stories/education-city-stadium-opens-gates-world-cup-fans' },
] as const;

/** A fresh phone (no cache, no storage) on the proxy; a mark on its window tells a client-side navigation from a new document. */
async function phone(): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...PHONE });
  const page = await context.newPage();
  return { page, problems: recordProblems(page), close: () => context.close() };
}
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { __qfSameDocument?: boolean }).__qfSameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __qfSameDocument?: boolean }).__qfSameDocument === true);
const since = (at: number) => proxy.requests.filter((r) => r.at >= at);
/**
 * Taps the first visible link matching `selector` and waits for the page it leads to; its path. `scroll`:
 * the visitor first scrolls it to the middle of the screen (else it is tapped where it is, in view).
 */
async function tapLink(page: Page, selector: string, scroll = true): Promise<string> {
  const links = page.locator(selector).filter({ visible: true });
  let link = links.first();
  let at: { x: number; y: number } | undefined;
  if (!scroll) {
    // A touch on a link where it is on the first screen (Playwright's own tap would scroll it first).
    const boxes = await links.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    const index = boxes.findIndex((b) => b.top >= 0 && b.top + 10 < PHONE.viewport.height);
    expect(index).toBeGreaterThanOrEqual(0);
    link = links.nth(index);
    at = { x: boxes[index]!.left + boxes[index]!.width / 2, y: boxes[index]!.top + Math.min(boxes[index]!.height / 2, 10) };
  }
  const to = (await link.getAttribute('href'))!;
  if (at) await page.touchscreen.tap(at.x, at.y);
  else {
    await link.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await link.tap();
  }
  await page.waitForURL(new URL(to, page.url()).href);
  await page.locator('main h1').first().waitFor();
  return to;
}

describe.each(LANGS)('taps on a phone ($lang)', ({ lang, home, story }) => {
  it('a first tap is the browser’s own navigation: not held, and nothing is fetched for it', async () => {
    const { page, problems, close } = await phone();
    const scripts: string[] = [];
    await page.goto(proxy.url + home, { waitUntil: 'networkidle' });
    await mark(page);
    // What the page asks for from the tap until the next page replaces it.
    scripts.length = 0;
    let left = false;
    page.on('framenavigated', (frame) => void (frame === page.mainFrame() && (left = true)));
    page.on('request', (r) => void (!left && r.resourceType() !== 'document' && scripts.push(`${r.resourceType()} ${new URL(r.url()).pathname}`)));
    // A story link in the first screen: tapped without any scroll first (a scroll is a use of the page).
    const to = await tapLink(page, `main a[href^="${lang === 'en' ? '' : '/ar'}/stories/"]`, false);
    expect(await sameDocument(page)).toBe(false);
    expect(new URL(page.url()).pathname).toBe(to);
    // Nothing came for the tap: no boot, no app, no section code (the loader leaves a site link to the browser).
    expect(scripts).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('prefetches the HTML of the links in view, 3 s after load, 4 at a time, 3 s apart, without a touch; a tap on one is answered from it', async () => {
    const { page, problems, close } = await phone();
    await page.goto(proxy.url + home, { waitUntil: 'load' });
    // The page's own load event, on this process's clock (the proxy notes requests on it).
    const loadedAt = (await page.evaluate(() => performance.timeOrigin + (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart)) - performance.timeOrigin;
    await page.waitForTimeout(7000);
    const prefetched = since(loadedAt).filter((r) => r.purpose === 'prefetch');
    // Two batches (the links of the first screen are more than eight), the first not before 3 s.
    expect(prefetched.length).toBeGreaterThanOrEqual(5);
    expect(prefetched[0]!.at - loadedAt).toBeGreaterThanOrEqual(3000 - 50);
    const firstBatch = prefetched.filter((r) => r.at - prefetched[0]!.at < 1500);
    expect(firstBatch).toHaveLength(4);
    expect(prefetched[4]!.at - prefetched[0]!.at).toBeGreaterThanOrEqual(3000 - 50);
    // Only pages: never a script of ours, and nothing of the app (the page was never touched).
    expect(since(loadedAt).filter((r) => /\.js(\?|$)/.test(r.path))).toEqual([]);
    // A tap on a prefetched link of the page: the browser asks the site nothing more for that page.
    const target = firstBatch.find((r) => r.path !== home && !/^\/ar\/?$|^\/$/.test(r.path))!.path;
    await mark(page);
    const tappedAt = performance.now();
    await tapLink(page, `a[href="${target}"]`);
    expect(await sameDocument(page)).toBe(false);
    expect(since(tappedAt).filter((r) => r.path === target)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('once the code runs, a tap is a client-side navigation whose data and code were prefetched', async () => {
    const { page, problems, close } = await phone();
    const asked: URL[] = [];
    const finished: URL[] = [];
    page.on('request', (r) => void asked.push(new URL(r.url())));
    page.on('requestfinished', (r) => void finished.push(new URL(r.url())));
    await page.goto(proxy.url + story, { waitUntil: 'load' });
    await startCode(page);
    const footerEvents = `footer a[href="${lang === 'en' ? '' : '/ar'}/events"]`;
    await page.locator(footerEvents).first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
    // The app's prefetcher takes the links in view: the events list's page data, then its section's code.
    const data = `/page-data${lang === 'en' ? '' : '/ar'}/events/page-data.json`;
    const answer = await page.waitForResponse((r) => new URL(r.url()).pathname === data, { timeout: 20_000 });
    const events = ((await answer.json()) as { result: { remotes: { name: string; entry: string }[] } }).result.remotes.find((r) => r.name === 'mf-events')!;
    // mf-events' code (its remote entry, then its parcel, the last of it) from mf-events' origin. Other
    // sections' code may still be coming for the other links in view (the footer's): not this tap's, and
    // not counted (in a busy CI run another section's parcel came after the tap and failed this journey).
    const ofEvents = (url: URL) => url.origin === new URL(events.entry).origin && (/\/(remoteEntry|__federation_expose_parcel)[.-]/.test(url.pathname) || /\/events\.[0-9a-f]+\.js$/.test(url.pathname));
    const parcelArrived = () => finished.some((url) => ofEvents(url) && /\/__federation_expose_parcel\.[0-9a-f]+\.js$/.test(url.pathname));
    for (const until = Date.now() + 20_000; !parcelArrived(); await page.waitForTimeout(50)) if (Date.now() > until) throw new Error(`mf-events' parcel did not arrive; asked: ${asked.filter(ofEvents).map(String).join(', ')}`);
    await mark(page);
    asked.length = 0;
    await tapLink(page, footerEvents);
    await page.waitForFunction(() => document.activeElement === document.querySelector('main h1'));
    expect(await sameDocument(page)).toBe(true);
    // The tap asked for neither the page's data nor its section's code (remote entry, parcel, a view chunk) again.
    expect(asked.filter((url) => url.pathname === data || ofEvents(url)).map(String)).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('once the code runs, the page of the link a reader scrolls to the middle of the screen is made ahead, unseen, and the tap shows it', async () => {
    const { page, problems, close } = await phone();
    await page.goto(proxy.url + story, { waitUntil: 'load' });
    await startCode(page);
    const events = `${lang === 'en' ? '' : '/ar'}/events`;
    const footerEvents = `footer a[href="${events}"]`;
    await page.locator(footerEvents).first().evaluate((el) => el.scrollIntoView({ block: 'center' }));
    // Once the page is still, the events list is made (its data and code fetched, its section's render hidden).
    const marks = (name: string) => page.evaluate((n) => performance.getEntriesByName(n).map((m) => (m as PerformanceMark).detail as string), name);
    await page.waitForFunction((path) => performance.getEntriesByName('qf:page-made-ahead').some((m) => (m as PerformanceMark).detail === path), events, { timeout: 20_000 });
    // Nothing of it is in the page the visitor reads: one heading, the story's, and the same page on screen.
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('[data-qf-section]').count()).toBe(1);
    await mark(page);
    await tapLink(page, footerEvents);
    await page.waitForFunction(() => document.activeElement === document.querySelector('main h1'));
    expect(await sameDocument(page)).toBe(true);
    expect(await marks('qf:page-shown-made-ahead')).toEqual([events]);
    expect(await page.locator('main h1').isVisible()).toBe(true);
    expect(await page.locator('main [data-qf-section]:not([hidden])').count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });
});
