import type { Browser, Page } from 'playwright-core';
import { type Site, recordProblems, startJourney, stopJourney, startCode } from '../site';

jest.setTimeout(240_000);

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

const BREADCRUMB = 'nav:has(> ol [aria-current="page"])';

/** The breadcrumb's opacity now and the animation it runs (its opacity keyframes, duration and easing), or null without one. */
const breadcrumb = (page: Page) =>
  page.locator(BREADCRUMB).evaluate((nav) => {
    const style = getComputedStyle(nav);
    const keyframes = (nav.getAnimations()[0]?.effect as KeyframeEffect | null | undefined)?.getKeyframes().map((k) => k.opacity) ?? [];
    return { opacity: style.opacity, animation: style.animationName === 'none' ? null : { keyframes, duration: style.animationDuration, timing: style.animationTimingFunction } };
  });

/** Layout shifts from the start of the page on (CLS must stay 0). */
const shifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 200);
      }),
  );

describe.each([
  ['en', '', 'Events', 'About Qatar Foundation'],
  ['ar', '/ar', 'الفعاليات', 'عن مؤسسة قطر'],
] as const)('the breadcrumb (%s)', (_lang, prefix, events, about) => {
  it('is there from the first paint without JavaScript and on the page the server rendered', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    // The page itself first: a failure then says what came back instead (a status page has no breadcrumb).
    const served = await plain.goto(`${site.url}${prefix}/about`);
    expect({ status: served?.status(), heading: await plain.locator('h1').first().textContent() }).toEqual({ status: 200, heading: about });
    expect(await breadcrumb(plain)).toEqual({ opacity: '1', animation: null });
    await noJs.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site.url}${prefix}/about`);
    // Before and after the app arrives (reaching for the header brings it), the served breadcrumb never fades.
    expect(await breadcrumb(page)).toEqual({ opacity: '1', animation: null });
    await startCode(page);
    expect(await breadcrumb(page)).toEqual({ opacity: '1', animation: null });
    await context.close();
  });

  it('fades in over 400 ms after a client-side navigation, without moving anything', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = recordProblems(page);
    await page.goto(`${site.url}${prefix}/about`);
    await startCode(page);
    await page.locator(`footer a[href="${prefix}/events"]`).first().click();
    await page.waitForFunction((text) => document.querySelector('nav [aria-current="page"]')?.textContent === text, events);
    const shown = await breadcrumb(page);
    expect(shown.animation).toEqual({ keyframes: ['0', '1'], duration: '0.4s', timing: 'ease-in-out' });
    await page.waitForFunction((selector) => document.querySelector(selector)?.getAnimations().every((a) => a.playState === 'finished'), BREADCRUMB);
    expect((await breadcrumb(page)).opacity).toBe('1');
    expect(await shifts(page)).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('appears at once under prefers-reduced-motion', async () => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${site.url}${prefix}/about`);
    await startCode(page);
    await page.locator(`footer a[href="${prefix}/events"]`).first().click();
    await page.waitForFunction((text) => document.querySelector('nav [aria-current="page"]')?.textContent === text, events);
    expect(await breadcrumb(page)).toEqual({ opacity: '1', animation: null });
    await context.close();
  });
});
