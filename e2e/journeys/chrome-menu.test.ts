import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { returningVisitor, type Site, startJourney, stopJourney } from '../site';

jest.setTimeout(240_000);

/** A place of the content's map categories (it is in 'All'). */
const PLACE = 'place-qatar-national-library';

const T = {
  en: {
    prefix: '',
    nav: 'Main',
    education: 'Education',
    research: 'Research',
    worldCup: 'World Cup',
    schools: /^Schools/,
    explore: 'Explore Education',
    firstSchool: 'Qatar Academy Doha',
    community: 'Community',
    places: /^Places/,
    firstPlace: 'Qatar National Convention Centre',
    more: 'More',
    about: 'About',
    menu: 'Menu',
    dialog: 'Main menu',
    back: 'Back',
    close: 'Close the menu',
    details: 'Details: Qatar Academy Doha',
    visit: 'Visit Qatar Academy Doha',
    events: 'Events',
    all: 'Places: All',
    place: 'Qatar National Library',
    directions: /^Directions to Qatar National Library/,
    address: 'Education City, Al Rayyan, Doha',
  },
  ar: {
    prefix: '/ar',
    nav: 'القائمة الرئيسية',
    education: 'التعليم',
    research: 'البحث',
    worldCup: 'كأس العالم',
    schools: /^المدارس/,
    explore: 'استكشف التعليم',
    firstSchool: 'أكاديمية قطر - الدوحة',
    community: 'المجتمع',
    places: /^الأماكن/,
    firstPlace: 'مركز قطر الوطني للمؤتمرات',
    more: 'المزيد',
    about: 'من نحن',
    menu: 'القائمة',
    dialog: 'القائمة الرئيسية',
    back: 'رجوع',
    close: 'إغلاق القائمة',
    details: /^تفاصيل: /,
    visit: /^زيارة صفحة /,
    events: 'الفعاليات',
    all: 'الأماكن: الكل',
    place: 'مكتبة قطر الوطنية',
    directions: /^الاتجاهات إلى مكتبة قطر الوطنية/,
    address: 'المدينة التعليمية، الريان، الدوحة',
  },
} as const;

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

async function open(width: number, url: string, theme?: 'dark' | 'light'): Promise<{ page: Page; errors: string[] }> {
  // axe needs a page of its own context
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  // The stored theme (SPEC §4: storage first) decides the theme attribute on the body.
  if (theme) await returningVisitor(context, site.url, { darkMode: String(theme === 'dark') }, theme);
  const page = await context.newPage();
  page.on('close', () => void context.close());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(site.url + url);
  // Hydrated: the menu's controls exist only once the shell's code runs.
  await page.locator(width >= 1380 ? 'button[aria-controls="qf-mega-panel"]' : 'button[aria-controls="qf-mobile-menu"]').first().waitFor();
  if (theme) await page.waitForFunction((t) => document.body.dataset.theme === t, theme);
  return { page, errors };
}

/** axe over the header, where both menus live (the slide-in menu and the overlay included). */
async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('header').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Whether the browser tells assistive technology that the element is expanded (Chromium's accessibility tree). */
async function nativeExpanded(page: Page, selector: string): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument')) as { root: { nodeId: number } };
    const { nodeId } = (await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector })) as { nodeId: number };
    const { nodes } = (await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false })) as { nodes: { properties?: { name: string; value: { value: unknown } }[] }[] };
    return nodes[0]?.properties?.find((p) => p.name === 'expanded')?.value.value === true;
  } finally {
    await cdp.detach();
  }
}

const scrollLocked = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden');
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe.each(['en', 'ar'] as const)('the menus in %s', (lang) => {
  const t = T[lang];

  describe('at 1440 px: the mega menu', () => {
    it('opens and walks with the mouse: one area at a time, items with their preview, scroll locked, route change collapses', async () => {
      const { page, errors } = await open(1440, `${t.prefix}/`);
      const nav = page.getByRole('navigation', { name: t.nav });
      const education = nav.getByRole('button', { name: t.community, exact: true });
      await education.click();
      // The open menus are a chunk of their own, fetched on the first hover: the panel comes a moment later.
      const panel = page.getByRole('region', { name: t.community, exact: true });
      await panel.waitFor();
      await expect(education.getAttribute('aria-expanded')).resolves.toBe('true');
      await expect(scrollLocked(page)).resolves.toBe(true);
      await expect(panel.evaluate((el) => el.getBoundingClientRect().width)).resolves.toBe(350);

      // the previews are requested once a category shows its items, not before
      const previews = page.waitForResponse((r) => r.url().endsWith('/menupreviews.json'));
      await panel.getByRole('button', { name: t.places }).click();
      expect((await previews).status()).toBe(200);
      await page.waitForFunction(() => document.getElementById('qf-mega-panel')?.getBoundingClientRect().width === 900);
      await panel.getByRole('link', { name: new RegExp(`^${t.firstPlace}`) }).hover();
      const preview = panel.getByRole('region', { name: lang === 'en' ? 'Preview' : 'معاينة' });
      await preview.getByRole('heading', { name: t.firstPlace }).waitFor();
      await expect(preview.locator('img').getAttribute('srcset')).resolves.toMatch(/-672\.webp 672w, .*-800\.webp 800w, .*-626\.webp 626w$/);

      // one expanded at a time
      await nav.getByRole('button', { name: t.research, exact: true }).click();
      await expect(education.getAttribute('aria-expanded')).resolves.toBe('false');
      await page.getByRole('region', { name: t.research, exact: true }).waitFor();
      await expect(page.locator('#qf-mega-panel').count()).resolves.toBe(1);

      // a route change collapses it and the page scrolls again
      await nav.getByRole('button', { name: t.more }).click();
      await nav.getByRole('link', { name: t.about, exact: true }).click();
      await page.waitForURL(`**${t.prefix}/about`);
      await page.waitForFunction(() => !document.getElementById('qf-more-menu'));
      await expect(nav.getByRole('button', { name: t.more }).getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(scrollLocked(page)).resolves.toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('walks with the keyboard: Enter opens, arrows move, Escape closes and focus returns', async () => {
      const { page } = await open(1440, `${t.prefix}/`);
      const nav = page.getByRole('navigation', { name: t.nav });
      const education = nav.getByRole('button', { name: t.education, exact: true });
      await education.focus();
      // Focus brings the header's code; an arrow key pressed before it arrives is held, then given.
      await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      await page.waitForFunction((name) => document.activeElement?.textContent?.trim() === name, t.research);
      await page.keyboard.press('Home');
      await expect(focusedName(page)).resolves.toBe(t.education);
      // An Enter pressed while the header is still hydrating is held and given once it is (CI, now and
      // then): the menu opens a moment later, as a visitor would see it.
      await page.keyboard.press('Enter');
      await education.and(page.locator('[aria-expanded="true"]')).waitFor({ timeout: 5000 });
      await page.keyboard.press('Tab');
      await expect(focusedName(page)).resolves.toBe(t.explore);
      await page.keyboard.press('ArrowDown');
      await expect(focusedName(page)).resolves.toMatch(t.schools);
      await page.keyboard.press('Enter');
      await expect(nav.getByRole('button', { name: t.schools }).getAttribute('aria-expanded')).resolves.toBe('true');
      // Tab stays inside the open menu
      for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
      await expect(page.evaluate(() => Boolean(document.activeElement?.closest('nav')))).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await expect(education.getAttribute('aria-expanded')).resolves.toBe('false');
      await expect(focusedName(page)).resolves.toBe(t.education);
      await expect(scrollLocked(page)).resolves.toBe(false);
      await page.close();
    });

    it.each(['dark', 'light'] as const)('passes axe with the mega menu and the more drop-down open (%s theme)', async (theme) => {
      const { page } = await open(1440, `${t.prefix}/`, theme);
      const nav = page.getByRole('navigation', { name: t.nav });
      await nav.getByRole('button', { name: t.education, exact: true }).click();
      await page.getByRole('region', { name: t.education, exact: true }).getByRole('button', { name: t.schools }).click();
      await page.waitForFunction(() => document.getElementById('qf-mega-panel')?.getAttribute('data-state') === 'open');
      await page.waitForTimeout(700);
      await axe(page);
      await nav.getByRole('button', { name: t.more }).click();
      await page.waitForTimeout(700);
      await axe(page);
      await page.close();
    });
  });

  describe('at 390 px: the slide-in menu', () => {
    it('opens and walks with the mouse through depth 0 to 3, back one level, and closes', async () => {
      const { page, errors } = await open(390, `${t.prefix}/`);
      const opener = page.getByRole('button', { name: t.menu, exact: true });
      await opener.click();
      await page.getByRole('dialog', { name: t.dialog }).waitFor();
      // its name follows the level in view
      const dialog = page.getByRole('dialog');
      await expect(dialog.evaluate((el) => Math.round(el.getBoundingClientRect().width))).resolves.toBe(390);
      await expect(scrollLocked(page)).resolves.toBe(true);
      await dialog.getByRole('button', { name: t.education, exact: true }).click();
      await page.getByRole('dialog', { name: t.education }).waitFor();
      await dialog.getByRole('button', { name: t.schools }).click();
      await dialog.getByRole('button', { name: t.details }).first().click();
      await dialog.getByRole('link', { name: t.visit }).waitFor();
      await expect(dialog.getAttribute('data-depth')).resolves.toBe('3');
      await dialog.getByRole('button', { name: t.back }).click();
      await expect(dialog.getAttribute('data-depth')).resolves.toBe('2');
      // the same entry at the same level goes back one level; a shallower one closes the deeper ones
      await dialog.getByRole('list', { name: lang === 'en' ? 'Menu levels' : 'مستويات القائمة' }).getByRole('button', { name: t.education, exact: true }).click();
      await expect(dialog.getAttribute('data-depth')).resolves.toBe('1');
      await dialog.getByRole('button', { name: t.close }).click();
      await expect(page.getByRole('dialog').count()).resolves.toBe(0);
      await expect(scrollLocked(page)).resolves.toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('opens at a tap before any of the page\'s code has come, and closes on Escape, its close button and a tap beside it (issue 34)', async () => {
      const context = await browser.newContext({ viewport: { width: 800, height: 900 }, isMobile: true, hasTouch: true });
      try {
        const page = await context.newPage();
        // No script file ever comes: only the page's inline lines run.
        await page.route(/\.m?js(\?|$)/, (route) => route.abort());
        await page.goto(`${site.url}${t.prefix}/events`);
        const opener = page.getByRole('button', { name: t.menu, exact: true });
        const dialog = page.getByRole('dialog', { name: t.dialog });
        const expanded = () => nativeExpanded(page, 'button[aria-controls="qf-mobile-menu"]');
        await expect(expanded()).resolves.toBe(false);
        await opener.tap();
        await dialog.waitFor();
        // What assistive technology hears: the button's own state, kept by the browser.
        await expect(expanded()).resolves.toBe(true);
        await expect(dialog.getByRole('button', { name: t.education, exact: true }).isVisible()).resolves.toBe(true);
        await expect(dialog.getByRole('link', { name: t.about, exact: true }).getAttribute('href')).resolves.toBe(`${t.prefix}/about`);
        await expect(scrollLocked(page)).resolves.toBe(true);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        await expect(expanded()).resolves.toBe(false);
        await expect(scrollLocked(page)).resolves.toBe(false);
        await opener.tap();
        await dialog.getByRole('button', { name: t.close }).tap();
        await dialog.waitFor({ state: 'hidden' });
        // A tap beside it (on the shade over the page) closes it and presses nothing under it.
        await opener.tap();
        await dialog.waitFor();
        const beside = lang === 'ar' ? 20 : 780;
        await page.touchscreen.tap(beside, 600);
        await dialog.waitFor({ state: 'hidden' });
        expect(new URL(page.url()).pathname).toBe(`${t.prefix}/events`);
        // With the keyboard: it opens with focus on its button, and Tab goes into it.
        await opener.focus();
        await page.keyboard.press('Enter');
        await dialog.waitFor();
        await page.keyboard.press('Tab');
        await expect(focusedName(page)).resolves.toBe(`×${t.close}`);
        await page.keyboard.press('Tab');
        await expect(focusedName(page)).resolves.toBe(t.education);
        await expect(page.evaluate(() => document.documentElement.hasAttribute('data-qf-app'))).resolves.toBe(false);
      } finally {
        await context.close();
      }
    });

    it('opened before the code came, stays open as it comes, and its code takes it from there', async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      try {
        const page = await context.newPage();
        // The code is slow to come (a phone's network): the visitor has opened the menu by then.
        let release: () => void = () => undefined;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\.m?js(\?|$)/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${site.url}${t.prefix}/events`);
        const dialog = page.getByRole('dialog', { name: t.dialog });
        await page.getByRole('button', { name: t.menu, exact: true }).tap();
        await dialog.waitFor();
        release();
        await page.locator('[data-qf-root="header"][data-qf-hydrated]').waitFor({ state: 'attached' });
        await expect(dialog.isVisible()).resolves.toBe(true);
        await page.getByRole('dialog').getByRole('button', { name: t.education, exact: true }).tap();
        await page.getByRole('dialog', { name: t.education }).waitFor();
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'hidden' });
        await expect(scrollLocked(page)).resolves.toBe(false);
      } finally {
        await context.close();
      }
    });

    it('walks with the keyboard, and a link chosen in it navigates and closes it', async () => {
      const { page } = await open(390, `${t.prefix}/`);
      const opener = page.getByRole('button', { name: t.menu, exact: true });
      await opener.focus();
      // The menu's code (before it, the browser opens the menu itself: the journey below).
      await page.locator('[data-qf-root="header"][data-qf-hydrated]').waitFor({ state: 'attached' });
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expect(focusedName(page)).resolves.toBe(t.education);
      await page.keyboard.press('ArrowDown');
      await expect(focusedName(page)).resolves.toBe(t.research);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      // (the deeper levels' chunk may still be on its way)
      await page.locator('#qf-mobile-menu[data-depth="1"]').waitFor();
      await expect(focusedName(page)).resolves.toBe(t.explore);
      // focus is trapped in the dialog
      for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
      await expect(page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).resolves.toBe(true);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog').count()).resolves.toBe(0);
      await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).resolves.toBe('qf-mobile-menu');

      await page.keyboard.press('Enter');
      await page.getByRole('dialog').getByRole('link', { name: t.events, exact: true }).click();
      await page.waitForURL(`**${t.prefix}/events`);
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.close();
    });

    it.each(['dark', 'light'] as const)('passes axe with the slide-in menu open (%s theme)', async (theme) => {
      const { page } = await open(390, `${t.prefix}/`, theme);
      await page.getByRole('button', { name: t.menu, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await page.waitForTimeout(700);
      await axe(page);
      await dialog.getByRole('button', { name: t.education, exact: true }).click();
      await dialog.getByRole('button', { name: t.schools }).click();
      await page.waitForTimeout(700);
      await axe(page);
      await page.close();
    });
  });

  describe.each([1440, 390])('map mode at %i px (no maps key: the list)', (width) => {
    it('#map-{id} opens the menu on the map list with that place selected, in view and with directions; closing clears the hash', async () => {
      const { page, errors } = await open(width, `${t.prefix}/#map-${PLACE}`);
      const list = page.getByRole('list', { name: t.all });
      await list.waitFor();
      const place = list.getByRole('button', { name: t.place, exact: true });
      await expect(place.getAttribute('aria-expanded')).resolves.toBe('true');
      const item = list.locator(`[data-place="${PLACE}"]`);
      await expect(item.getAttribute('data-selected')).resolves.toBe('');
      await expect(item.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const scroller = el.closest('ul')!.getBoundingClientRect();
        return box.top >= scroller.top - 1 && box.top < scroller.bottom && box.top < window.innerHeight;
      })).resolves.toBe(true);
      const directions = list.getByRole('link', { name: t.directions });
      const href = new URL((await directions.getAttribute('href'))!);
      expect(href.searchParams.get('destination')).toBe(t.address);
      await expect(directions.getAttribute('target')).resolves.toBe('_blank');
      if (width >= 1380) await expect(page.getByRole('navigation', { name: t.nav }).getByRole('button', { name: t.worldCup }).getAttribute('aria-expanded')).resolves.toBe('true');
      else await expect(page.getByRole('dialog').count()).resolves.toBe(1);
      await expect(page.getByRole('button', { name: lang === 'en' ? 'Map' : 'الخريطة', exact: true }).count()).resolves.toBe(0);

      // choosing another place sets its hash
      await list.getByRole('button').first().click();
      await page.waitForFunction(() => /^#map-place-/.test(window.location.hash) && !window.location.hash.endsWith('qatar-national-library'));
      expect(errors).toEqual([]);
      // (axe itself reads stylesheets and adds styles: page errors are checked before it runs)
      await page.waitForTimeout(700);
      await axe(page);

      await page.keyboard.press('Escape');
      await page.waitForFunction(() => window.location.hash === '');
      expect(new URL(page.url()).pathname).toBe(t.prefix || '/');
      // (the mega menu's close animation takes 300 ms)
      await list.waitFor({ state: 'detached' });
      await page.close();
    });
  });
});
