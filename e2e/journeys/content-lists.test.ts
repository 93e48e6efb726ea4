import type { Browser, Page } from 'playwright-core';
import { axeViolations, recordProblems, type Site, startJourney, stopJourney } from '../site';

jest.setTimeout(240_000);

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

/** A page in its own context (as axe needs) that records every console error, page error and failed request. */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await (await browser.newContext()).newPage();
  return { page, problems: recordProblems(page) };
}

const axeMain = (page: Page) => axeViolations(page, 'main');

/** Each list page, in English and in Arabic, with the h1 it must show. */
const PAGES: [kind: string, en: string, enTitle: string, ar: string, arTitle: string][] = [
  ['stories', '/stories', 'News and stories', '/ar/stories', 'الأخبار والقصص'],
  ['media center', '/media-center', 'Media center', '/ar/media-center', 'المركز الإعلامي'],
  ['schools', '/education/schools', 'Schools', '/ar/education/schools', 'المدارس'],
  ['universities', '/education/education-city', 'Universities in Education City', '/ar/education/education-city', 'الجامعات في المدينة التعليمية'],
  ['research entities', '/research/entities', 'Research entities', '/ar/research/entities', 'الكيانات البحثية'],
  ['community entities', '/community/entities', 'Community entities', '/ar/community/entities', 'الكيانات المجتمعية'],
  ['places', '/community/places', 'Places', '/ar/community/places', 'الأماكن'],
  ['World Cup', '/world-cup', 'World Cup', '/ar/world-cup', 'كأس العالم'],
  ['World Cup map category', '/world-cup/sport', 'Places: Sport', '/ar/world-cup/sport', 'الأماكن: الرياضة'],
  ['campaign', '/campaign/sport-for-all', 'Sport for All', '/ar/campaign/sport-for-all', 'الرياضة للجميع'],
];

describe('list pages', () => {
  it.each(PAGES)('%s: renders in English and Arabic with its h1, lang and dir, no axe violation in main, and hydrates without errors', async (_kind, en, enTitle, ar, arTitle) => {
    const { page, problems } = await openPage();
    for (const [path, lang, title] of [
      [en, 'en', enTitle],
      [ar, 'ar', arTitle],
    ] as const) {
      const res = await page.goto(site.url + path);
      expect([path, res?.status()]).toEqual([path, 200]);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect((await page.locator('main h1').first().textContent())?.trim()).toBe(title);
      await page.waitForLoadState('networkidle');
      expect([path, await axeMain(page)]).toEqual([path, []]);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lists the World Cup\'s map categories in its sub-menu bar (SPEC §2), the current one marked, in both languages', async () => {
    for (const [path, expected] of [
      ['/world-cup/sport', ['World Cup', 'Education', 'Research', 'Community', 'Culture', 'Dining', 'Sport', 'Transport']],
      ['/ar/world-cup/sport', ['كأس العالم', 'التعليم', 'البحث', 'المجتمع', 'الثقافة', 'المطاعم', 'الرياضة', 'المواصلات']],
    ] as const) {
      const html = await (await fetch(site.url + path)).text();
      const bar = /<nav[^>]*data-area="worldcup"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
      const labels = [...bar.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
      expect([path, [...labels].sort()]).toEqual([path, [...expected].sort()]);
      expect(bar).toMatch(new RegExp(`href="${path}"[^>]*aria-current="page"|aria-current="page"[^>]*href="${path}"`));
    }
  });

  it('answers the 404 page for an unknown campaign and a category no menu links', async () => {
    for (const p of ['/campaign/none', '/ar/campaign/none', '/world-cup/nowhere', '/education/universities']) expect([p, (await fetch(site.url + p)).status]).toEqual([p, 404]);
  });
});

describe('the stories list', () => {
  it('filters and loads more without JavaScript: a GET form and ?page=N links', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/stories`);
    await expect(page.locator('main ul h2').count()).resolves.toBe(9);
    await page.getByRole('link', { name: 'Load more stories' }).click();
    await page.waitForURL(/\/stories\?page=2$/);
    await expect(page.locator('main ul h2').count()).resolves.toBe(18);
    await page.locator('main').getByLabel('Area', { exact: true }).selectOption('community');
    await page.locator('main').getByLabel('Type', { exact: true }).selectOption('feature');
    await page.getByRole('button', { name: 'Show stories' }).click();
    await page.waitForURL(/\/stories\?area=community&type=feature&tag=$/);
    await expect(page.locator('main').getByRole('status').textContent()).resolves.toBe('5 stories');
    await context.close();
  });

  it('loads more in place once hydrated, focuses the first new story, and filters in a shareable URL (Arabic)', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${site.url}/ar/stories`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'حمّل المزيد من القصص' }).click();
    await page.waitForFunction(() => window.location.search === '?page=2');
    await expect(page.locator('main ul h2').count()).resolves.toBe(18);
    const tenth = await page.locator('main ul h2 a').nth(9).textContent();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(tenth);
    expect(new URL(page.url()).pathname).toBe('/ar/stories');
    await page.locator('main').getByLabel('المجال', { exact: true }).selectOption('worldcup');
    await page.waitForFunction(() => window.location.search === '?area=worldcup');
    await expect(page.locator('main').getByRole('status').textContent()).resolves.toBe('٦ قصص');
    expect(await axeMain(page)).toEqual([]);
    // The shared URL shows the same list.
    await page.reload();
    await expect(page.locator('main').getByRole('status').textContent()).resolves.toBe('٦ قصص');
    expect(await page.locator('main').getByLabel('المجال', { exact: true }).inputValue()).toBe('worldcup');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('every menu and area sub-menu bar link', () => {
  interface MenuJson {
    areas: { path: string; map: boolean; categories: { items: { path: string }[] }[] }[];
    secondary: { path: string; items: { path: string }[] }[];
  }
  const stateOf = (html: string) => JSON.parse(/<script type="application\/json" id="__QF_STATE__"[^>]*>(.*?)<\/script>/s.exec(html)![1]!) as { globals: { areas?: { href: string; categories: { href: string }[] }[] } };

  it.each(['en', 'ar'] as const)('is a page in %s, not a 404', async (lang) => {
    const prefix = lang === 'ar' ? '/ar' : '';
    const menu = (await (await fetch(`${site.url}/menu.json?lang=${lang}`)).json()) as MenuJson;
    const { globals } = stateOf(await (await fetch(`${site.url}${prefix}/education`)).text());
    const paths = new Set<string>();
    for (const a of menu.areas) {
      paths.add(a.path);
      for (const c of a.categories) for (const i of c.items) paths.add(i.path);
    }
    for (const s of menu.secondary) [s.path, ...s.items.map((i) => i.path)].forEach((p) => paths.add(p));
    for (const a of globals.areas ?? []) [a.href, ...a.categories.map((c) => c.href)].forEach((p) => paths.add(p));
    expect(paths.size).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const p of paths) {
      const status = (await fetch(`${site.url}${prefix}${p}`)).status;
      if (status !== 200) failures.push(`${prefix}${p} ${status}`);
    }
    expect(failures).toEqual([]);
  });
});
