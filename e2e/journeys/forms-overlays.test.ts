import type { Browser, Locator, Page } from 'playwright-core';
import { recordProblems, type Site, startJourney, stopJourney } from '../site';

/**
 * The overlays rule (issue 15): "A prompt never covers an open dialog or menu and waits until it
 * closes." On the home page the brand-survey prompt waits while the cookie banner is up, so a phone
 * visitor can reach "Accept and close"; it appears once the banner has gone; it is never over the open
 * slide-in menu (below 1380 px the header's menu is the slide-in one), and comes back once it closes.
 */

jest.setTimeout(180_000);

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

const T = {
  en: { prefix: '', prompt: 'Brand survey', cookies: 'Cookie notice', accept: 'Accept and close', menu: 'Menu', dialog: 'Main menu' },
  ar: { prefix: '/ar', prompt: 'استبيان العلامة المؤسسية', cookies: 'إشعار ملفات تعريف الارتباط', accept: 'موافق وإغلاق', menu: 'القائمة', dialog: 'القائمة الرئيسية' },
} as const;

/** True when the centre of `target` is what a press there reaches (nothing painted over it). */
const reachable = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(hit && (hit === el || el.contains(hit)));
  });

/** The visitor starts using the page: the prompt's code loads then (its policy is `idle`). */
async function useThePage(page: Page) {
  await page.mouse.move(20, 300);
  await page.mouse.move(60, 320);
  await page.waitForLoadState('networkidle');
}

/** Whether the prompt's code (mf-forms' browser build) has arrived in the page. */
const formsCodeLoaded = (page: Page) => page.evaluate((origin) => performance.getEntriesByType('resource').some((e) => e.name.startsWith(origin) && e.name.endsWith('.js')), site.remoteUrl('mf-forms'));

/** Checks, several times over `ms`, that the prompt is not on the page. */
async function staysAway(page: Page, prompt: Locator, ms: number) {
  for (let waited = 0; waited < ms; waited += 250) {
    await expect(prompt.count()).resolves.toBe(0);
    await page.waitForTimeout(250);
  }
}

describe.each(['en', 'ar'] as const)('the brand-survey prompt in %s', (lang) => {
  const t = T[lang];

  it.each([390, 1300])('waits for the cookie banner and never covers the open menu, at %i px', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    const page = await context.newPage();
    const problems = recordProblems(page, { requests: false });
    await page.goto(`${site.url}${t.prefix}/`);
    await useThePage(page);
    const prompt = page.getByRole('complementary', { name: t.prompt });
    const banner = page.getByRole('region', { name: t.cookies });
    await banner.waitFor({ timeout: 15_000 });
    const accept = banner.getByRole('button', { name: t.accept });
    // The banner has finished sliding in; the prompt's code is on the page, and still the prompt waits.
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-qf-cookies]')?.dataset.state === 'shown');
    await useThePage(page);
    await page.waitForFunction(formsCodeLoadedIn, site.remoteUrl('mf-forms'), { timeout: 15_000 });
    await staysAway(page, prompt, 2500);
    await expect(formsCodeLoaded(page)).resolves.toBe(true);
    await expect(reachable(accept)).resolves.toBe(true);

    await accept.click();
    await banner.waitFor({ state: 'hidden' });
    await prompt.waitFor({ timeout: 10_000 });

    // The slide-in menu: the prompt goes while it is open and comes back once it is closed.
    const opener = page.locator('button[aria-controls="qf-mobile-menu"]').first();
    await opener.waitFor();
    await opener.click();
    const menu = page.getByRole('dialog', { name: t.dialog });
    await menu.waitFor();
    await staysAway(page, prompt, 1500);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await prompt.waitFor({ timeout: 10_000 });
    expect(problems).toEqual([]);
    await context.close();
  });
});

/** In the page: whether a script of mf-forms' origin has loaded (the prompt's code). */
function formsCodeLoadedIn(origin: string): boolean {
  return performance.getEntriesByType('resource').some((e) => e.name.startsWith(origin) && e.name.endsWith('.js'));
}
