import type { Browser } from 'playwright-core';

/** The pages whose header interactions are measured (a story, in both languages). */
export const INP_PAGES = ['/stories/education-city-stadium-opens-gates-world-cup-fans', '/ar/stories/education-city-stadium-opens-gates-world-cup-fans'];
/** The performance issue's bar and goal for INP under 4x CPU throttling. */
export const INP_BAR_MS = 200;
export const INP_GOAL_MS = 100;

export interface InpFigures {
  /** Opening the menu, opening the search panel, typing "library" in it: the worst event of each, ms. */
  menu: number;
  searchPanel: number;
  typing: number;
  /** What the field held after the typing (the interaction worked). */
  typed: string;
}

/**
 * INP of the header's interactions on a phone 4 times slower than this machine (CDP CPU throttling),
 * measured with the Event Timing API: the longest event duration of each interaction, from the
 * visitor's input to the next paint (events under 16 ms are not reported: 0 then). Used by the
 * performance journey (the interactions work; figures printed) and by `npm run bench:inp` (medians
 * against the bar): a timing is a benchmark's figure, not a test's pass or fail.
 */
export async function measureInp(browser: Browser, siteUrl: string, path: string): Promise<InpFigures> {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    await page.addInitScript(() => {
      const w = window as unknown as { __events: { duration: number }[] };
      w.__events = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { duration: number; interactionId: number }[]) if (e.interactionId) w.__events.push({ duration: e.duration });
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    });
    const cdp = await page.context().newCDPSession(page);
    await page.goto(siteUrl + path, { waitUntil: 'networkidle' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const worst = async (act: () => Promise<void>, done: () => Promise<unknown>) => {
      await page.evaluate(() => ((window as unknown as { __events: unknown[] }).__events.length = 0));
      await act();
      await done();
      await page.waitForTimeout(300);
      return page.evaluate(() => Math.max(0, ...(window as unknown as { __events: { duration: number }[] }).__events.map((e) => e.duration)));
    };
    const menu = await worst(
      () => page.locator('[data-qf-root="header"] button[aria-controls="qf-mobile-menu"]').tap(),
      () => page.locator('#qf-mobile-menu').waitFor(),
    );
    await page.keyboard.press('Escape');
    await page.locator('#qf-mobile-menu').waitFor({ state: 'hidden' });
    const field = page.locator('#qf-search-panel input').first();
    const searchPanel = await worst(
      () => page.locator('[data-qf-root="header"] button[aria-controls="qf-search-panel"]').tap(),
      () => field.waitFor({ state: 'visible' }),
    );
    const typing = await worst(
      () => field.pressSequentially('library', { delay: 80 }),
      () => page.waitForTimeout(200),
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return { menu, searchPanel, typing, typed: await field.inputValue() };
  } finally {
    await page.close();
  }
}
