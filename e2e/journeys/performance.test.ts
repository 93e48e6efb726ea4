import type { Browser, Page } from 'playwright-core';
import { recordProblems, startJourney, stopJourney, type Site } from '../site';

/**
 * What the performance issue asks of every page that can be checked without timing: the first paint
 * is never held by a stylesheet of another origin, nothing shifts once it is painted, no script runs
 * the framework before the visitor needs it, and a cross-section navigation never leaves `<main>`
 * empty. The timing itself (Lighthouse, INP) is in `npm run bench:lighthouse` and the INP journey below.
 */
jest.setTimeout(180_000);

const PAGES = [
  '/',
  '/ar',
  '/education',
  '/stories/education-city-stadium-opens-gates-world-cup-fans',
  '/ar/stories/education-city-stadium-opens-gates-world-cup-fans',
  '/stories',
  '/events',
  '/ar/events/water-security-arid-regions-conference-2027',
  '/media-center/experts/noor-al-mansoori',
  '/idkt',
  '/ar/search',
];

let site: Site;
let browser: Browser;
beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

/** A page (phone-sized unless said) that records every layout shift from its first paint on. */
async function phone(desktop = false): Promise<Page> {
  const page = await browser.newPage(desktop ? { viewport: { width: 1440, height: 900 } } : { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        if (e.hadRecentInput) continue;
        w.__shifts.push({ value: e.value, sources: (e.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName))) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return page;
}

describe('the first paint and after', () => {
  it.each(PAGES)('%s: no render-blocking stylesheet from another origin, only the boot runs, and nothing shifts', async (path) => {
    const page = await phone();
    const problems = recordProblems(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(site.url + path, { waitUntil: 'load' });
    // Every stylesheet linked in the head comes from the page's own origin; the sections' styles are inline.
    const foreign = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href).filter((href) => new URL(href).origin !== location.origin));
    expect(foreign).toEqual([]);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    // A visitor who only looks gets the boot and nothing else: no framework, no section code.
    expect(scripts.filter((s) => !s.startsWith('/_shell/boot/') && !s.startsWith('/sw'))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts)).toEqual([]);
    // Reaching for the menu brings the chrome's code; the header keeps its size.
    const header = page.locator('[data-qf-root="header"] header');
    const before = await header.boundingBox();
    await page.locator('[data-qf-root="header"] button[aria-controls="qf-mobile-menu"]').hover();
    await page.locator('[data-qf-root="header"][data-qf-hydrated]').waitFor({ state: 'attached' });
    expect(await header.boundingBox()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { __shifts: unknown[] }).__shifts)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('client-side navigation', () => {
  it('keeps the page on screen until the next section has rendered, then swaps, announces and moves focus (English and Arabic)', async () => {
    for (const [from, link, heading] of [
      ['/stories/education-city-stadium-opens-gates-world-cup-fans', '/events', 'Events'],
      ['/ar/media-center/experts/noor-al-mansoori', '/ar/idkt', 'تنمية الصناعة ونقل المعرفة'],
    ] as const) {
      const page = await phone(true);
      const problems = recordProblems(page);
      await page.goto(site.url + from, { waitUntil: 'networkidle' });
      // Every frame from the click on: the characters in <main>'s section slot.
      await page.evaluate(() => {
        const w = window as unknown as { __mainMin: number };
        w.__mainMin = Number.POSITIVE_INFINITY;
        const watch = () => {
          const slot = document.getElementById('qf-main-slot');
          const shown = [...(slot?.children ?? [])].filter((c) => !(c as HTMLElement).hidden).map((c) => c.textContent ?? '').join('');
          w.__mainMin = Math.min(w.__mainMin, shown.trim().length);
          requestAnimationFrame(watch);
        };
        watch();
      });
      await page.locator(`[data-qf-root="header"] nav a[href="${link}"]`).first().click();
      await page.waitForFunction((h) => document.querySelector('main h1')?.textContent === h && document.activeElement === document.querySelector('main h1'), heading);
      expect(new URL(page.url()).pathname).toBe(link);
      expect(await page.evaluate(() => (window as unknown as { __mainMin: number }).__mainMin)).toBeGreaterThan(0);
      await page.waitForFunction((h) => (document.querySelector('[data-qf-announcer]')?.textContent ?? '').includes(h), heading);
      expect(await page.locator('#main').getAttribute('aria-busy')).toBe('false');
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});

/**
 * INP of the header's interactions on a phone 4 times slower than this machine (CDP CPU throttling),
 * measured with the Event Timing API: the longest event duration of each interaction, from the
 * visitor's input to the next paint. Printed for the record; the bar of the performance issue
 * (200 ms) is asserted.
 */
describe('responsiveness (INP) under 4x CPU throttling', () => {
  it('opens the menu, the search panel and takes typing in search within 200 ms each, in both languages', async () => {
    const results: string[] = [];
    for (const path of ['/stories/education-city-stadium-opens-gates-world-cup-fans', '/ar/stories/education-city-stadium-opens-gates-world-cup-fans']) {
      const page = await phone();
      await page.addInitScript(() => {
        const w = window as unknown as { __events: { name: string; duration: number; id: number }[] };
        w.__events = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { name: string; duration: number; interactionId: number }[]) if (e.interactionId) w.__events.push({ name: e.name, duration: e.duration, id: e.interactionId });
        }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      });
      const cdp = await page.context().newCDPSession(page);
      await page.goto(site.url + path, { waitUntil: 'networkidle' });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const inp = async (label: string, act: () => Promise<void>, done: () => Promise<unknown>) => {
        await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events.length = 0));
        await act();
        await done();
        await page.waitForTimeout(300);
        const worst = await page.evaluate(() => Math.max(0, ...(window as unknown as { __events: { duration: number }[] }).__events.map((e) => e.duration)));
        results.push(`${path} ${label}: ${worst} ms`);
        return worst;
      };
      const menuButton = page.locator('[data-qf-root="header"] button[aria-controls="qf-mobile-menu"]');
      expect(await inp('open the menu', () => menuButton.tap(), () => page.locator('#qf-mobile-menu').waitFor())).toBeLessThanOrEqual(200);
      await page.keyboard.press('Escape');
      await page.locator('#qf-mobile-menu').waitFor({ state: 'detached' });
      const searchOpener = page.locator('[data-qf-root="header"] a[aria-controls="qf-search-panel"]');
      expect(await inp('open the search panel', () => searchOpener.tap(), () => page.locator('#qf-search-panel input').first().waitFor({ state: 'visible' }))).toBeLessThanOrEqual(200);
      const field = page.locator('#qf-search-panel input').first();
      expect(await inp('type in search', () => field.pressSequentially('library', { delay: 80 }), () => page.waitForTimeout(200))).toBeLessThanOrEqual(200);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await page.close();
    }
    console.log(`INP under 4x CPU throttling (Event Timing, worst event per interaction):\n${results.join('\n')}`);
  });
});
