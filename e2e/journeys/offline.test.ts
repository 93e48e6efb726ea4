import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Site, startJourney, stopJourney } from '../site';

jest.setTimeout(180_000);

const STORY = '/stories/qatar-foundation-opens-new-learning-commons';
const STORY_TITLE = { en: 'Qatar Foundation opens new Learning Commons in Education City', ar: 'مؤسسة قطر تفتتح مساحة التعلّم المشتركة الجديدة في المدينة التعليمية' };
const OFFLINE_TITLE = { en: 'You are offline', ar: 'أنت غير متصل بالإنترنت' };

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

/** A page whose service worker is installed and in control, after a reload that went through it. */
async function pageWithWorker(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(site.url + path);
  // The worker is registered once the visitor uses the page (the boot comes with that first use).
  await page.mouse.move(20, 200);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The first visit happened before the worker existed; this one goes through it, so the page, its
  // files and the sections' code are kept.
  await page.reload({ waitUntil: 'networkidle' });
  return page;
}

describe('the web app manifest', () => {
  it.each([
    ['en', '/', '/manifest.webmanifest', 'Qatar Foundation', '/'],
    ['ar', '/ar', '/ar/manifest.webmanifest', 'مؤسسة قطر', '/ar'],
  ])('is linked from the %s pages and carries the SPEC §9 values', async (_lang, page, href, name, start) => {
    const html = await (await fetch(site.url + page)).text();
    expect(html).toContain(`<link rel="manifest" href="${href}">`);
    const res = await fetch(site.url + href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    expect(await res.json()).toMatchObject({ name, short_name: 'QF', display: 'standalone', start_url: start, background_color: '#ffffff', theme_color: '#0b3d2e' });
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png']) expect((await fetch(site.url + icon)).headers.get('content-type')).toBe('image/png');
  });

  it('serves the worker at /sw.js, always revalidated', async () => {
    const res = await fetch(`${site.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).not.toContain('__QF_SW_VERSION__');
  });
});

describe('offline reading', () => {
  it.each(['en', 'ar'] as const)('opens a visited story offline from the cache and shows the translated offline page elsewhere (%s)', async (lang) => {
    const prefix = lang === 'ar' ? '/ar' : '';
    const context = await browser.newContext();
    const errors: string[] = [];
    try {
      const page = await pageWithWorker(context, prefix + STORY);
      page.on('pageerror', (e) => errors.push(e.message));
      await context.setOffline(true);

      await page.reload();
      await page.locator('h1', { hasText: STORY_TITLE[lang] }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);

      // A page never visited: the worker answers with the offline page of its language.
      await page.goto(`${site.url}${prefix}/events`);
      await page.getByRole('heading', { level: 1, name: OFFLINE_TITLE[lang] }).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // And back to the visited story, still offline.
      await page.goto(site.url + prefix + STORY);
      await page.locator('h1', { hasText: STORY_TITLE[lang] }).waitFor();
      expect(errors).toEqual([]);

      // Back online, the same address is the real page again.
      await context.setOffline(false);
      await page.goto(`${site.url}${prefix}/events`);
      await page.getByRole('heading', { level: 1, name: lang === 'en' ? 'Events' : 'الفعاليات' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('push notifications', () => {
  it.each([
    ['en', '/', 'Enable notifications', 'Notifications not allowed.'],
    ['ar', '/ar', 'تفعيل الإشعارات', 'الإشعارات غير مسموح بها.'],
  ])('says notifications are not allowed when the browser refuses the permission (%s)', async (_lang, path, label, message) => {
    const context = await browser.newContext();
    try {
      await context.grantPermissions([]);
      const page = await context.newPage();
      await page.goto(site.url + path);
      const button = page.getByRole('button', { name: label });
      // The widget hydrates when it scrolls into view.
      await button.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      await button.click();
      await page.getByRole('status').filter({ hasText: message }).waitFor();
      expect(await page.evaluate(() => Notification.permission)).not.toBe('granted');
    } finally {
      await context.close();
    }
  });
});
