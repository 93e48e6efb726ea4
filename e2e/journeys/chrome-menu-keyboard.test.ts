import type { Browser, Page } from 'playwright-core';
import { type Site, recordProblems, startJourney, stopJourney } from '../site';

jest.setTimeout(240_000);

const T = {
  en: { prefix: '', menu: 'Menu', education: 'Education', explore: 'Explore Education', schools: /^Schools/, first: 'Qatar Academy Doha', firstItem: /^Qatar Academy Doha/, details: /^Details: Qatar Academy Doha$/, back: 'Back' },
  ar: { prefix: '/ar', menu: 'القائمة', education: 'التعليم', explore: 'استكشف التعليم', schools: /^المدارس/, first: 'أكاديمية قطر - الدوحة', firstItem: /^أكاديمية قطر - الدوحة/, details: /^تفاصيل: /, back: 'رجوع' },
} as const;

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

interface Focus {
  /** Inside the slide-in menu's dialog. */
  inDialog: boolean;
  tag: string;
  /** Its text without what is hidden from screen readers (icons, arrows). */
  text: string;
  depth: string | null;
}

const focus = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const dialog = document.getElementById('qf-mobile-menu');
    const copy = el?.cloneNode(true) as HTMLElement | undefined;
    copy?.querySelectorAll('[aria-hidden="true"]').forEach((n) => n.remove());
    return { inDialog: Boolean(dialog && el && dialog.contains(el)), tag: el?.tagName.toLowerCase() ?? '', text: (copy?.textContent ?? '').trim(), depth: dialog?.matches(':popover-open') ? dialog.getAttribute('data-depth') : null };
  });

/** Waits until the focus is where `expected` says (a busy machine renders a level a frame or two later), then checks it. */
async function expectFocus(page: Page, expected: { inDialog: boolean; tag?: string; text: string | RegExp; depth?: string | null }): Promise<void> {
  let now = await focus(page);
  const matches = (f: Focus) => f.inDialog === expected.inDialog && (expected.tag === undefined || f.tag === expected.tag) && (typeof expected.text === 'string' ? f.text === expected.text : expected.text.test(f.text)) && (expected.depth === undefined || f.depth === expected.depth);
  for (let i = 0; i < 50 && !matches(now); i++) {
    await page.waitForTimeout(100);
    now = await focus(page);
  }
  expect(now).toEqual(expect.objectContaining({ ...expected, text: expect.stringMatching(typeof expected.text === 'string' ? `^${expected.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : expected.text) }));
}

/** Presses `key` until the focus is on the element named `text` (at most `max` times). */
async function pressUntil(page: Page, key: string, text: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if ((await focus(page)).text === text) return;
  }
  throw new Error(`${key} never reached "${text}"`);
}

describe.each(['en', 'ar'] as const)('the slide-in menu by keyboard at 390 px (%s)', (lang) => {
  const t = T[lang];
  it('keeps focus in the dialog at every depth, gives it back to the opener of each level, and Escape returns it to the menu button', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = recordProblems(page);
    await page.goto(`${site.url}${t.prefix}/`);
    // Keyboard only: Tab to the menu button (reaching the header brings its code), then Enter.
    await pressUntil(page, 'Tab', t.menu);
    await page.locator('[data-qf-root="header"][data-qf-hydrated]').waitFor();
    await page.keyboard.press('Enter');
    await expectFocus(page, { inDialog: true, tag: 'button', text: t.education, depth: '0' });

    // Depth 1: the area's first entry; depth 2: the category's first item; depth 3: the preview, on the dialog's heading.
    await page.keyboard.press('Enter');
    await expectFocus(page, { inDialog: true, tag: 'a', text: t.explore, depth: '1' });
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, { inDialog: true, tag: 'button', text: t.schools, depth: '1' });
    await page.keyboard.press('Enter');
    // The item's link also says what it counts ('1 programme').
    await expectFocus(page, { inDialog: true, tag: 'a', text: t.firstItem, depth: '2' });
    await page.keyboard.press('Tab');
    await expectFocus(page, { inDialog: true, tag: 'button', text: t.details, depth: '2' });
    await page.keyboard.press('Enter');
    await expectFocus(page, { inDialog: true, tag: 'h2', text: t.first, depth: '3' });
    // Tab from the heading stays in the dialog (the preview's links, then round to the start).
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect((await focus(page)).inDialog).toBe(true);
    }

    // Back from depth 3 to the details button that opened it, from 2 to the category, from 1 to the area.
    await pressUntil(page, 'Shift+Tab', t.back);
    await page.keyboard.press('Enter');
    await expectFocus(page, { inDialog: true, tag: 'button', text: t.details, depth: '2' });
    await pressUntil(page, 'Shift+Tab', t.back);
    await page.keyboard.press('Enter');
    await expectFocus(page, { inDialog: true, tag: 'button', text: t.schools, depth: '1' });
    await pressUntil(page, 'Shift+Tab', t.back);
    await page.keyboard.press('Enter');
    await expectFocus(page, { inDialog: true, tag: 'button', text: t.education, depth: '0' });

    // Escape closes from any depth and gives focus back to the menu button.
    await page.keyboard.press('Escape');
    await expectFocus(page, { inDialog: false, tag: 'button', text: t.menu, depth: null });
    await page.keyboard.press('Enter');
    await expectFocus(page, { inDialog: true, text: t.education, depth: '0' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expectFocus(page, { inDialog: true, text: t.schools, depth: '1' });
    await page.keyboard.press('Enter');
    await expectFocus(page, { inDialog: true, text: t.firstItem, depth: '2' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectFocus(page, { inDialog: true, tag: 'h2', text: t.first, depth: '3' });
    await page.keyboard.press('Escape');
    await expectFocus(page, { inDialog: false, tag: 'button', text: t.menu, depth: null });
    expect(problems).toEqual([]);
    await context.close();
  });
});
