import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, root, returningVisitor, type Site, startJourney, stopJourney, startCode } from '../site';

jest.setTimeout(240_000);

const STORY = '/stories/qatar-foundation-opens-new-learning-commons';
const EXPERT = '/media-center/experts/noor-al-mansoori';
const globals = JSON.parse(readFileSync(path.join(root, 'content', 'entries', 'site_globals.json'), 'utf8'))[0].fields;
const EMAIL: string = globals.footerContactEmail['en-US'];
const PHONE: string = globals.footerContactPhoneNumber['en-US'];
const PRESS: string = globals.pressEmail['en-US'];

const T = {
  en: { prefix: '', footer: 'Site footer', idktFooter: 'IDKT footer', quick: 'Quick links', ask: /^Ask /, instagram: 'Qatar Foundation on Instagram', hotline: 'Balagh: whistle-blowing and fraud hotline', partner: /accessibility partner/, general: 'General', top: 'Go to top', crumbs: 'Breadcrumb', home: 'Home', stories: 'Stories', experts: 'Our experts', area: 'Education: sections' },
  ar: { prefix: '/ar', footer: 'تذييل الموقع', idktFooter: 'تذييل تنمية الصناعة ونقل المعرفة', quick: 'روابط سريعة', ask: /^اسأل /, instagram: 'مؤسسة قطر على إنستغرام', hotline: 'بلاغ: الخط الساخن للإبلاغ عن المخالفات والاحتيال', partner: /شريكنا في إمكانية الوصول/, general: 'عام', top: 'العودة إلى أعلى الصفحة', crumbs: 'مسار التنقل', home: 'الرئيسية', stories: 'القصص', experts: 'خبراؤنا', area: 'التعليم: الأقسام' },
} as const;

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

async function open(width: number, url: string): Promise<{ page: Page; errors: string[] }> {
  // axe needs a page of its own context. Stored consent keeps the cookie banner off the footer, and
  // a survey already dismissed keeps the story's survey popup (a modal dialog that takes the focus once
  // the page is scrolled down to the footer) from catching the keys meant for the footer.
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await returningVisitor(context, site.url, { qf_cookie_consent: '1', 'qf-survey:survey-site-experience': 'dismissed' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(site.url + url);
  await page.waitForLoadState('networkidle');
  return { page, errors };
}

async function axe(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

const crumbs = (page: Page, name: string) =>
  page.getByRole('navigation', { name }).locator('li').evaluateAll((lis) => lis.map((li) => `${li.textContent}${li.querySelector('a') ? ` -> ${li.querySelector('a')!.getAttribute('href')}` : ''}`));

describe.each(['en', 'ar'] as const)('footers and breadcrumb in %s', (lang) => {
  const t = T[lang];

  describe.each([1440, 390])('at %i px', (width) => {
    it('shows the main footer with the site globals, and it passes axe', async () => {
      const { page, errors } = await open(width, `${t.prefix}${STORY}`);
      const footer = page.getByRole('contentinfo', { name: t.footer });
      await footer.scrollIntoViewIfNeeded();
      await expect(footer.getByRole('navigation', { name: t.quick }).getByRole('link').count()).resolves.toBe(4);
      await expect(footer.getByRole('link', { name: EMAIL }).getAttribute('href')).resolves.toBe(`mailto:${EMAIL}`);
      await expect(footer.getByRole('link', { name: PHONE }).getAttribute('href')).resolves.toBe(`tel:${PHONE.replace(/\s+/g, '')}`);
      await expect(footer.getByRole('link', { name: PRESS }).getAttribute('href')).resolves.toBe(`mailto:${PRESS}`);
      await expect(footer.getByRole('link', { name: t.hotline }).getAttribute('href')).resolves.toBe(`${t.prefix}/balagh-qf-whistle-blower-hotline`);
      await expect(footer.getByText(globals.footerCopyrightMessage[lang === 'en' ? 'en-US' : 'ar-QA']).count()).resolves.toBe(1);
      await expect(footer.getByText(globals.tagline[lang === 'en' ? 'en-US' : 'ar-QA']).count()).resolves.toBe(1);
      await expect(footer.locator('a[href$="/terms-of-use"]').getAttribute('href')).resolves.toBe(`${t.prefix}/terms-of-use`);
      // The teaser opens the assistant through its window event.
      await page.evaluate(() => window.addEventListener('qf:open-assistant', () => ((window as unknown as { asked: number }).asked = 1)));
      // By keyboard: a section's popup may sit over the footer.
      await footer.getByRole('button', { name: t.ask }).focus();
      await page.keyboard.press('Enter');
      // The footer's code arrives with that press, which then takes effect.
      await page.waitForFunction(() => (window as unknown as { asked?: number }).asked === 1);
      // The panel opens once the shell's code for it has arrived, fading in. Escape is pressed only once
      // it is open (pressed earlier it reached nothing, and axe then read the panel's button mid-fade as
      // low contrast), and axe runs once it is closed again.
      const assistant = page.getByRole('dialog', { name: lang === 'en' ? 'Ask Qatar Foundation' : 'اسأل مؤسسة قطر' });
      await assistant.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await assistant.waitFor({ state: 'hidden' });
      await axe(page);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('shows the IDKT footer from mf-idkt under /idkt, with the partner link and a working go-to-top, and it passes axe', async () => {
      const { page, errors } = await open(width, `${t.prefix}/idkt/about`);
      await expect(page.getByRole('contentinfo', { name: t.footer }).count()).resolves.toBe(0);
      const footer = page.getByRole('contentinfo', { name: t.idktFooter });
      await footer.scrollIntoViewIfNeeded();
      await expect(footer.getByRole('link', { name: t.partner }).getAttribute('href')).resolves.toBe(lang === 'ar' ? 'https://mada.org.qa/?lang=ar' : 'https://mada.org.qa/');
      await expect(footer.locator(`a[href="${t.prefix}/idkt/for-industry#section-3"]`).count()).resolves.toBe(1);
      // Hydrated when visible: the go-to-top link scrolls back up.
      await page.waitForFunction(() => performance.getEntriesByName('qf:hydrate:visible').length > 0);
      await footer.getByRole('link', { name: t.top }).focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.scrollY === 0);
      // The foundation's pages, mf-content's, linked by route id: resolved by the shell from mf-content's
      // route manifest, the same on the server and once hydrated.
      const general = await footer.getByRole('navigation', { name: t.general }).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(general).toEqual(['/about', '/education', '/research', '/community'].map((p) => `${t.prefix}${p}`));
      await axe(page);
      expect(errors).toEqual([]);
      await page.close();
    });
  });

  it('follows client-side navigation: the IDKT footer comes with an IDKT page and goes with it', async () => {
    const { page, errors } = await open(1440, `${t.prefix}${STORY}`);
    await startCode(page);
    await page.evaluate((href) => {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = 'go';
      a.id = 'go';
      document.querySelector('main')!.prepend(a);
    }, `${t.prefix}/idkt/for-industry`);
    await page.click('#go');
    await page.getByRole('contentinfo', { name: t.idktFooter }).waitFor();
    await expect(page.getByRole('contentinfo', { name: t.footer }).count()).resolves.toBe(0);
    await page.goBack();
    await page.getByRole('contentinfo', { name: t.footer }).waitFor();
    await expect(page.getByRole('contentinfo', { name: t.idktFooter }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the breadcrumb of SPEC §2', async () => {
    const { page } = await open(390, `${t.prefix}${STORY}`);
    const story = await crumbs(page, t.crumbs);
    expect(story.slice(0, 2)).toEqual([`${t.home} -> ${t.prefix || '/'}`, `${t.stories} -> ${t.prefix}/stories`]);
    expect(story).toHaveLength(3);
    await expect(page.getByRole('navigation', { name: t.crumbs }).locator('[aria-current="page"]').count()).resolves.toBe(1);
    await page.goto(`${site.url}${t.prefix}${EXPERT}`);
    expect(await crumbs(page, t.crumbs)).toContain(`${t.experts} -> ${t.prefix}/media-center/experts`);
    await page.goto(`${site.url}${t.prefix}/idkt/for-industry`);
    expect((await crumbs(page, t.crumbs))[1]).toMatch(new RegExp(` -> ${t.prefix}/idkt$`));
    await page.goto(`${site.url}${t.prefix || '/'}`);
    await expect(page.getByRole('navigation', { name: t.crumbs }).count()).resolves.toBe(0);
    await page.close();
  });

  it('colours an area path and shows its sub-menu bar', async () => {
    const { page } = await open(1440, `${t.prefix}/education/schools`);
    await expect(page.evaluate(() => document.body.dataset.area)).resolves.toBe('education');
    const colour = await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--area-colour').trim());
    expect(colour).toBe('#7b4fa0');
    const bar = page.getByRole('navigation', { name: t.area });
    await expect(bar.locator('a').first().getAttribute('href')).resolves.toBe(`${t.prefix}/education`);
    await page.goto(`${site.url}${t.prefix}${STORY}`);
    await expect(page.evaluate(() => document.body.hasAttribute('data-area'))).resolves.toBe(false);
    await page.close();
  });

  it('pushes the SPEC §7 object to the data layer on a social-link click', async () => {
    const { page } = await open(1440, `${t.prefix}${STORY}`);
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    await page.getByRole('contentinfo', { name: t.footer }).getByRole('link', { name: t.instagram }).focus();
    await page.keyboard.press('Enter');
    // The boot comes with that first focus; the click made meanwhile is counted when it arrives.
    await page.waitForFunction(() => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).some((d) => d.event === 'social_link_click'));
    const pushed = await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer.filter((d) => (d as { event?: string }).event === 'social_link_click'));
    expect(pushed).toEqual([
      {
        event: 'social_link_click',
        clickName: 'instagram',
        clickText: t.instagram,
        clickLink: 'https://www.instagram.com/qatarfoundation',
        language: lang,
        readingMode: await page.evaluate(() => document.body.dataset.theme),
        pageCategory: 'story',
        pillar: 'general',
        moduleName: 'footer',
        type: 'social',
      },
    ]);
    await page.close();
  });
});

it('falls back to the main footer when mf-idkt is down', async () => {
  // Browsers and the shell hold keep-alive sockets to mf-idkt: it must stop at once all the same.
  const stopping = Date.now();
  await site.stop('mf-idkt');
  expect(Date.now() - stopping).toBeLessThan(5000);
  try {
    await new Promise((r) => setTimeout(r, 300));
    const res = await fetch(`${site.url}/ar/idkt/about`);
    const body = await res.text();
    expect(res.status).toBe(503);
    expect(body).toContain('aria-label="تذييل الموقع"');
    expect(body).not.toContain('data-qf-chrome="footer"');
  } finally {
    await site.start('mf-idkt');
  }
});
