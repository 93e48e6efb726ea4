import { request } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, buildVariant, FIXTURE_EVENTS, type Site, startByFocus, startJourney, stopJourney, startCode } from '../site';

jest.setTimeout(180_000);

const STORY = '/stories/qatar-foundation-opens-new-learning-commons';
const STORY_TITLE = { en: 'Qatar Foundation opens new Learning Commons in Education City', ar: 'مؤسسة قطر تفتتح مساحة التعلّم المشتركة الجديدة في المدينة التعليمية' };
const EVENT = '/events/education-city-speaker-series-future-of-learning';
const EXPERT = '/media-center/experts/noor-al-mansoori';

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));


/** A page that records every console error, page error and failed response. */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { page, problems };
}

/**
 * The shell's code runs (its router takes over internal links): the menu's controls exist only then. A
 * click before that is an ordinary full navigation, which is right for a visitor but not what a journey
 * about client-side navigation measures.
 */
const shellReady = (page: Page) => page.locator('button[aria-controls="qf-mega-panel"], button[aria-controls="qf-mobile-menu"]').first().waitFor({ state: 'attached' });

const html = async (path: string) => {
  const res = await fetch(site.url + path);
  return { status: res.status, body: await res.text() };
};

describe('server-rendered pages, before any JavaScript', () => {
  it.each([
    ['en', STORY, STORY_TITLE.en, 'Spread across two floors'],
    ['ar', `/ar${STORY}`, STORY_TITLE.ar, 'افتتحت مؤسسة قطر'],
    ['en', '/events', 'Events', 'Education City Speaker Series: The Future of Learning'],
    ['ar', '/ar/events', 'الفعاليات', 'سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم'],
    ['en', EXPERT, 'Dr. Noor Al-Mansoori', 'Book an interview'],
    ['ar', `/ar${EXPERT}`, 'د. نور المنصوري', 'السيرة الذاتية'],
    ['en', '/', 'Qatar Foundation', 'Latest stories'],
    ['ar', '/ar', 'مؤسسة قطر', 'أحدث القصص'],
    ['en', '/about', 'About Qatar Foundation', 'In numbers'],
    ['ar', '/ar/job-seekers', 'الباحثون عن عمل', 'اعرف المزيد'],
    ['en', '/sidra-medicine', 'Sidra Medicine', 'Contact'],
    ['en', '/idkt', 'Industry Development and Knowledge Transfer', 'For industry'],
    ['en', '/idkt/for-industry', 'For industry', 'id="section-3"'],
    ['ar', '/ar/idkt', 'تنمية الصناعة ونقل المعرفة', 'لقطاع الصناعة'],
  ])('%s %s carries its title and body text', async (lang, path, title, text) => {
    const { status, body } = await html(path);
    expect(status).toBe(200);
    // Asked without cookies: a first visit, whose pre-paint script is told there is no storage to read.
    expect(body).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" data-qf-new="">`);
    expect(body).toMatch(new RegExp(`<h1[^>]*>${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    expect(body).toContain(text);
    expect(body).toContain('<link rel="canonical"');
  });

  it('describes each page for search engines and link previews', async () => {
    const story = (await html(STORY)).body;
    expect(story).toContain('"@type":"NewsArticle"');
    expect(story).toContain('"@type":"BreadcrumbList"');
    expect(story).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/media\/img-story-[a-z-]+-800\.webp">/);
    expect(story).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(story).toContain('<meta property="og:type" content="article">');
    expect((await html('/')).body).toContain('"@type":"Organization"');
    const event = (await html(EVENT)).body;
    expect(event).toContain('"@type":"Event"');
    expect(event).toContain('"eventAttendanceMode":"https://schema.org/MixedEventAttendanceMode"');
    expect((await html(EXPERT)).body).toContain('"@type":"Person"');
    const titles = await Promise.all(['/', STORY, '/events', EVENT, '/media-center/experts', EXPERT, '/idkt'].map(async (p) => /<title>([^<]+)<\/title>/.exec((await html(p)).body)?.[1]));
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('has a language switch that is a plain link to the same page in the other language', async () => {
    const { body } = await html(STORY);
    expect(body).toContain(`href="/ar${STORY}" hrefLang="ar"`);
    const ar = await html(`/ar${STORY}`);
    expect(ar.body).toContain(`href="${STORY}" hrefLang="en"`);
  });

  it('lists every slice page in both languages in the sitemaps, each answering 200 with reciprocal hreflang links', async () => {
    expect((await html('/sitemap.xml')).body).toContain(`<loc>${site.url}/sitemap-en.xml</loc>`);
    const en = (await html('/sitemap-en.xml')).body;
    const ar = (await html('/sitemap-ar.xml')).body;
    expect(en).toContain(`<loc>${site.url}/</loc>`);
    expect(ar).toContain(`<loc>${site.url}/ar</loc>`);
    for (const path of [STORY, '/events', EVENT, '/media-center/experts', EXPERT, '/idkt']) {
      expect(en).toContain(`<loc>${site.url}${path}</loc>`);
      expect(ar).toContain(`<loc>${site.url}/ar${path}</loc>`);
    }
    const locs = [...en.matchAll(/<loc>([^<]+)<\/loc>/g), ...ar.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    for (const loc of locs) {
      const page = await fetch(loc.replace('https://', 'http://'));
      expect([loc, page.status]).toEqual([loc, 200]);
      const body = await page.text();
      const alt = (l: string) => new RegExp(`<link rel="alternate" hreflang="${l}" href="([^"]+)"`).exec(body)?.[1];
      const other = loc.includes('/ar/') || loc.endsWith('/ar') ? alt('en') : alt('ar');
      const back = await (await fetch(other!)).text();
      expect(back).toContain(`hreflang="${loc.includes('/ar/') || loc.endsWith('/ar') ? 'ar' : 'en'}" href="${loc}"`);
    }
  });
});

describe('in the browser', () => {
  it('hydrates a story without errors when the visitor uses it, loading its section from the section’s own server only then', async () => {
    const { page, problems } = await openPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(site.url + STORY);
    await page.locator('h1', { hasText: STORY_TITLE.en }).waitFor();
    await page.waitForLoadState('networkidle');
    // A reader who only looks runs no section code.
    expect(scripts.some((u) => u.startsWith(site.remoteUrl('mf-content')))).toBe(false);
    await page.locator('main p').first().hover();
    await page.locator('[data-qf-section][data-qf-mounted]').waitFor({ state: 'attached' });
    expect(scripts.some((u) => u.startsWith(site.remoteUrl('mf-content')))).toBe(true);
    expect(scripts.every((u) => !u.startsWith(site.remoteUrl('mf-events')))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    [STORY, 'mf-forms/NewsletterSignup'],
    [`/ar${STORY}`, 'mf-forms/NewsletterSignup'],
    [`/events/${FIXTURE_EVENTS[0].slug}`, 'mf-forms/EventRegistration'],
    ['/idkt/newsletter', 'mf-forms/PushNotifications'],
  ])('styles %s and its widget %s from the first paint, before any section script arrives', async (path, widget) => {
    const page = await browser.newPage();
    // The sections' scripts never arrive: what shows is the server's HTML with the head's stylesheets.
    await page.route(/\/browser\/.*\.js$/, (route) => route.abort());
    await page.goto(site.url + path, { waitUntil: 'load' });
    // Every class the server gave the section and the widget has rules in the stylesheets the head
    // links or inlines (the sections' sheets are inlined): none is unstyled.
    const sheets = await page.evaluate(() => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (l) => l.href));
    const inline = await page.evaluate(() => Array.from(document.querySelectorAll('head style'), (s) => s.textContent ?? '').join('\n'));
    const css = [inline, ...(await Promise.all(sheets.map(async (href) => (await fetch(href)).text())))].join('\n');
    const styled = new Set(Array.from(css.matchAll(/\.([\w-]+)/g), (m) => m[1]!));
    const classes = await page.evaluate((id) => {
      const widget = document.querySelector(`[data-qf-widget="${id}"]`);
      if (!widget?.querySelector('[class]')) return ['the widget was not server-rendered'];
      const all = new Set<string>();
      for (const root of [document.querySelector('main') ?? document.body, widget]) root.querySelectorAll('[class]').forEach((el) => el.classList.forEach((c) => all.add(c)));
      return [...all];
    }, widget);
    // CSS-module classes are 6-character hashes; the shell's global classes carry a 'qf-' prefix.
    const unstyled = classes.filter((c) => !styled.has(c) && (c.length !== 6 || /[A-Z0-9]/.test(c)) && !c.startsWith('qf-'));
    expect(unstyled).toEqual([]);
    await page.close();
  });

  it('subscribes to the newsletter from the widget placed in a story, in both languages', async () => {
    const { page, problems } = await openPage();
    // This visitor has already dismissed the story survey popup (its own journey is in forms-engagement):
    // otherwise it opens, by design, once half the story has been scrolled.
    await page.addInitScript(() => window.localStorage.setItem('qf-survey:survey-site-experience', 'dismissed'));
    await page.goto(site.url + STORY);
    const email = `reader-${Date.now()}@example.org`;
    // The widget's code loads when the visitor starts using it (it posts without JavaScript too).
    await page.getByLabel('Email address').scrollIntoViewIfNeeded();
    await startByFocus(page.getByLabel('Email address'));
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thanks for subscribing.' }).waitFor()).resolves.toBeUndefined();
    await page.goto(`${site.url}/ar${STORY}`);
    await page.getByLabel('البريد الإلكتروني').scrollIntoViewIfNeeded();
    await startByFocus(page.getByLabel('البريد الإلكتروني'));
    await page.getByLabel('البريد الإلكتروني').fill(email);
    await page.getByRole('button', { name: 'اشترك' }).click();
    await page.getByRole('status').filter({ hasText: 'أنت مشترك بالفعل في نشرتنا الإخبارية الشهرية.' }).waitFor();
    await page.getByLabel('البريد الإلكتروني').fill('not-an-email');
    await page.getByRole('button', { name: 'اشترك' }).click();
    await page.getByRole('alert').filter({ hasText: 'البريد الإلكتروني غير صالح' }).waitFor();
    // 409 (already subscribed) is a documented answer of the forms API; the browser logs every 4xx.
    expect(problems.filter((p) => !p.includes('status of 409'))).toEqual([]);
    await page.close();
  });

  it('registers for an event in both languages, with the SPEC messages on bad input', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${site.url}/events/${FIXTURE_EVENTS[0].slug}`);
    const form = page.getByRole('region', { name: 'Register for this event' });
    await form.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText('Please enter a valid name', { exact: true }).first().waitFor();
    await form.getByText('This field is required.', { exact: true }).first().waitFor();
    const fill = async (labels: [string, string][]) => {
      for (const [label, value] of labels) await form.getByLabel(label, { exact: true }).fill(value);
    };
    await fill([['Full name', 'Layla Hassan'], ['Email address', `e2e-${Date.now()}@example.org`], ['Job title', 'Teacher'], ['Company or organisation', 'Qatar Academy'], ['Nationality', 'Qatari'], ['Country of residence', 'Qatar']]);
    await form.getByLabel('How did you hear about this event?').selectOption('website');
    await form.getByLabel('Online').check();
    await form.getByLabel(/I confirm/).check();
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText('Thank you for registering.').waitFor();
    await form.getByText('An email with the viewing details will follow.').waitFor();

    await page.goto(`${site.url}/ar/events/${FIXTURE_EVENTS[1].slug}`);
    const ar = page.getByRole('region', { name: 'سجّل في هذه الفعالية' });
    await ar.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    for (const [label, value] of [['الاسم الكامل', 'ليلى حسن'], ['البريد الإلكتروني', `e2e-ar-${Date.now()}@example.org`], ['المسمى الوظيفي', 'معلمة'], ['الشركة أو الجهة', 'أكاديمية قطر'], ['الجنسية', 'قطرية'], ['بلد الإقامة', 'قطر']] as const)
      await ar.getByLabel(label, { exact: true }).fill(value);
    await ar.getByLabel('كيف عرفت بهذه الفعالية؟').selectOption('friend');
    await ar.getByLabel(/أؤكد أنني/).check();
    await ar.getByRole('button', { name: 'سجّل' }).click();
    await ar.getByText('شكراً لتسجيلك.').waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('subscribes without JavaScript too, with the outcome in the visitor’s language', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/ar${STORY}`);
    await page.getByLabel('البريد الإلكتروني').fill(`nojs-${Date.now()}@example.org`);
    await page.getByRole('button', { name: 'اشترك' }).click();
    await page.getByRole('status').filter({ hasText: 'شكراً لاشتراكك.' }).waitFor();
    await page.getByRole('link', { name: 'العودة إلى الصفحة' }).click();
    await page.waitForURL(`${site.url}/ar${STORY}`);
    await context.close();
  });

  it('navigates story → events → experts → Arabic without a full reload, moving focus to each heading', async () => {
    const { page, problems } = await openPage();
    await page.goto(site.url + STORY);
    await shellReady(page);
    // Links navigate client-side once the page's code runs (before it, a tap is a plain navigation).
    await startCode(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
    await page.waitForURL(`${site.url}/events`);
    await page.locator('h1', { hasText: 'Events' }).waitFor();
    expect(await page.title()).toBe('Events | Qatar Foundation');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    await page.getByRole('link', { name: 'Education City Speaker Series: The Future of Learning' }).first().click();
    await page.waitForURL(site.url + EVENT);
    await page.locator('h1', { hasText: 'Education City Speaker Series: The Future of Learning' }).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our experts' }).click();
    await page.waitForURL(`${site.url}/media-center/experts`);
    await page.getByRole('link', { name: 'Dr. Noor Al-Mansoori' }).click();
    await page.waitForURL(site.url + EXPERT);
    await page.locator('h1', { hasText: 'Dr. Noor Al-Mansoori' }).waitFor();
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe(site.url + EXPERT);

    await page.getByRole('link', { name: 'Read this page in Arabic' }).click();
    await page.waitForURL(`${site.url}/ar${EXPERT}`);
    await page.locator('h1', { hasText: 'د. نور المنصوري' }).waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getAttribute('html', 'lang')).toBe('ar');
    await page.getByRole('navigation', { name: 'القائمة الرئيسية' }).getByRole('link', { name: 'الفعاليات' }).waitFor();

    await page.goBack();
    await page.waitForURL(site.url + EXPERT);
    await page.locator('h1', { hasText: 'Dr. Noor Al-Mansoori' }).waitFor();
    expect(await sameDocument()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const [lang, nav, links] of [
    ['en', 'Main', [['Events', '/events'], ['Our experts', '/media-center/experts'], ['IDKT', '/idkt'], ['Events', '/events']]],
    ['ar', 'القائمة الرئيسية', [['الفعاليات', '/ar/events'], ['خبراؤنا', '/ar/media-center/experts'], ['تنمية الصناعة ونقل المعرفة', '/ar/idkt'], ['الفعاليات', '/ar/events']]],
  ] as const) {
    it(`moves focus to the new page's heading after every header link, not only the first (${lang}; issue 38: from the second on it stayed on the link)`, async () => {
      const { page, problems } = await openPage();
      await page.goto(`${site.url}${lang === 'ar' ? '/ar' : ''}/about`);
      await shellReady(page);
      await startCode(page);
      for (const [name, path] of links) {
        await page.getByRole('navigation', { name: nav }).getByRole('link', { name, exact: true }).click();
        await page.waitForURL(site.url + path);
        // The heading shown has focus (the page left is hidden in <main> until it unmounts).
        await page.waitForFunction(() => {
          const active = document.activeElement;
          return active?.tagName === 'H1' && !active.closest('[hidden]') && active.closest('main') !== null;
        }, undefined, { timeout: 5000 });
      }
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it.each([
    ['en', '', 'Main', 'Events'],
    ['ar', '/ar', 'القائمة الرئيسية', 'الفعاليات'],
  ] as const)('turns a client-side navigation whose data never comes into the browser’s own after the deadline (%s)', async (_lang, prefix, nav, events) => {
    const { page } = await openPage();
    // Every page-data request of this visitor is held unanswered (prefetches included): the tap's
    // navigation fails nothing, it just never gets its page. Before the deadline the visitor stayed put.
    await page.route('**/page-data/**', () => undefined);
    await page.goto(`${site.url}${prefix}${STORY}`);
    await shellReady(page);
    await startCode(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const tapped = Date.now();
    await page.getByRole('navigation', { name: nav }).getByRole('link', { name: events, exact: true }).click();
    // The shell's NAVIGATION_DEADLINE_MS (10 s), then a full page load of the events page.
    await page.waitForURL(`${site.url}${prefix}/events`, { timeout: 30_000 });
    await page.locator('h1', { hasText: events }).waitFor({ timeout: 30_000 });
    expect(Date.now() - tapped).toBeGreaterThanOrEqual(9_000);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBeUndefined();
    await page.close();
  });

  it('goes from the home page to an audience page and an entity found by search, without a full reload', async () => {
    const { page, problems } = await openPage();
    await page.goto(site.url + '/');
    await shellReady(page);
    await startCode(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole('region', { name: 'Explore the foundation your way' }).getByRole('link', { name: 'Job seekers' }).click();
    await page.waitForURL(`${site.url}/job-seekers`);
    await page.locator('h1', { hasText: 'Job seekers' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.goto(`${site.url}/search#all=1&allType=1&s=Sidra`);
    await shellReady(page);
    await page.getByRole('link', { name: 'Sidra Medicine', exact: true }).first().click();
    await page.waitForURL(`${site.url}/sidra-medicine`);
    await page.locator('h1', { hasText: 'Sidra Medicine' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('searches from the header to the results page in both languages', async () => {
    const { page, problems } = await openPage();
    await page.goto(site.url + STORY);
    await page.waitForLoadState('networkidle');
    await page.locator('button[aria-controls="qf-search-panel"]').click();
    await page.getByRole('combobox', { name: 'Search the site' }).fill('Learning Commons');
    await page.getByRole('dialog', { name: 'Search' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(`${site.url}/search#all=1&allType=1&s=Learning%20Commons`);
    await page.getByRole('link', { name: STORY_TITLE.en }).first().waitFor();
    await page.goto(`${site.url}/ar/search#all=1&allType=1&s=${encodeURIComponent('الجامعة')}`);
    // The count in its Arabic plural form: نتيجة واحدة, نتيجتان, ٥ نتائج, ١١ نتيجة.
    const count = page.getByRole('status').filter({ hasText: /نتيجة|نتيجتان|نتائج/ }).first();
    await count.waitFor();
    const [, digits] = /^([٠-٩]+) /.exec((await count.textContent()) ?? '') ?? [];
    const n = digits ? Number([...digits].map((d) => d.charCodeAt(0) - 0x660).join('')) : undefined;
    if (n !== undefined && n >= 3 && n <= 10) expect(await count.textContent()).toContain('نتائج');
    if (n !== undefined && n >= 11) expect(await count.textContent()).toContain('نتيجة');
    const filters = page.getByRole('region', { name: 'تصفية النتائج' });
    // Every kind with values is offered, each in a disclosure the keyboard opens.
    await filters.locator('summary', { hasText: 'السنة' }).focus();
    await page.keyboard.press('Enter');
    await filters.getByRole('checkbox', { name: /^٢٠٢٥ \([٠-٩]+\)$/ }).waitFor();
    await filters.getByRole('checkbox', { name: /^الجامعات/ }).check();
    await page.waitForURL(/type=university/);
    // Choosing one type keeps the others in view, with their counts; a second one adds its results.
    await filters.getByRole('checkbox', { name: /^القصص \([٠-٩]+\)$/ }).waitFor();
    await filters.getByRole('checkbox', { name: /^المدارس/ }).check();
    await page.waitForURL(/type=university&type=school/);
    // The filtered page, as a link shares it, passes axe (in a context of its own, as axe needs).
    const shared = await browser.newContext();
    const sharedPage = await shared.newPage();
    await sharedPage.goto(page.url());
    await sharedPage.getByRole('checkbox', { name: /^المدارس/ }).waitFor();
    await expect(sharedPage.getByRole('checkbox', { name: /^المدارس/ }).isChecked()).resolves.toBe(true);
    expect(await axeViolations(sharedPage, 'main')).toEqual([]);
    await shared.close();
    // Switching language keeps the search and its filters.
    await page.locator('[data-language-switch]').first().click();
    await page.waitForURL(/\/search#all=1&allType=1&s=%D8%A7%D9%84%D8%AC%D8%A7%D9%85%D8%B9%D8%A9&type=university&type=school$/);
    const english = page.getByRole('region', { name: 'Filter results' });
    await expect(english.getByRole('checkbox', { name: /^Universities/ }).isChecked()).resolves.toBe(true);
    await expect(english.getByRole('checkbox', { name: /^Schools/ }).isChecked()).resolves.toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each([
    ['en', 1440, 900],
    ['ar', 1440, 900],
    ['en', 390, 844],
    ['ar', 390, 844],
  ])('shows the first result without scrolling (%s, %ix%i): filters beside the results, or folded above them (issue 38)', async (lang, width, height) => {
    const page = await browser.newPage({ viewport: { width, height } });
    const prefix = lang === 'ar' ? '/ar' : '';
    // A search with results of many kinds: every filter kind has values (eleven came before the results).
    await page.goto(`${site.url}${prefix}/search#all=1&allType=1&s=${encodeURIComponent(lang === 'ar' ? 'قطر' : 'Qatar')}`);
    const first = page.locator('main ol li h2 a').first();
    await first.waitFor();
    const box = (await first.boundingBox())!;
    expect([lang, width, Math.round(box.y + box.height) <= height]).toEqual([lang, width, true]);
    const filters = page.getByRole('region', { name: lang === 'ar' ? 'تصفية النتائج' : 'Filter results' });
    if (width < 1024) {
      // Folded: one closed disclosure above the results, opened from the keyboard, its kinds inside.
      const summary = filters.locator('summary').first();
      await expect(summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open)).resolves.toBe(false);
      await summary.focus();
      await page.keyboard.press('Enter');
      await filters.locator('summary', { hasText: lang === 'ar' ? 'النوع' : 'Type' }).waitFor();
    } else {
      // Beside: the filters' column ends where the results' begins (inline start in either direction).
      const aside = (await filters.boundingBox())!;
      const list = (await page.locator('main ol').first().boundingBox())!;
      expect(lang === 'ar' ? aside.x >= list.x + list.width - 1 : aside.x + aside.width <= list.x + 1).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.close();
  });

  it('finds another section’s list by its title, first, in both languages', async () => {
    // The other sections' listing pages reach search in the background, a few seconds after they are up.
    const found = async (q: string, lang: string) => {
      const res = await fetch(`${site.url}/api/content/search?q=${encodeURIComponent(q)}&lang=${lang}`);
      return ((await res.json()) as { items: { url: string }[] }).items.map((i) => i.url);
    };
    for (let i = 0; i < 60 && (await found('Media mentions', 'en'))[0] !== '/media-center/media-mentions'; i++) await new Promise((r) => setTimeout(r, 250));
    const { page, problems } = await openPage();
    for (const [lang, q, title, href] of [
      ['en', 'Media mentions', 'Media mentions', '/media-center/media-mentions'],
      ['ar', 'التغطيات الإعلامية', 'التغطيات الإعلامية', '/ar/media-center/media-mentions'],
      ['en', 'Technology database', 'Technology database', '/idkt/technologies'],
      ['ar', 'المتحدثون', 'المتحدثون', '/ar/education-city-speaker-series/experts'],
    ] as const) {
      await page.goto(`${site.url}${lang === 'ar' ? '/ar' : ''}/search#all=1&allType=1&s=${encodeURIComponent(q)}`);
      const first = page.locator('main ol li a, main ul li a').filter({ hasText: title }).first();
      await first.waitFor();
      expect(await first.getAttribute('href')).toBe(href);
      expect((await found(q, lang))[0]).toBe(href);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('paints the system scheme on a first visit (SPEC §4)', async () => {
    // (Chromium reports "light" when no preference is set, so "no preference, then dark" cannot be seen here.)
    for (const [colorScheme, theme] of [['light', 'light'], ['dark', 'dark']] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto(site.url + '/about');
      await expect(page.evaluate(() => document.body.dataset.theme)).resolves.toBe(theme);
      await context.close();
    }
  });

  it.each([
    ['en', '/about', 'Switch to light theme'],
    ['ar', '/ar/about', 'التبديل إلى المظهر الفاتح'],
  ] as const)('paints a theme chosen on the old site (darkMode, no cookie yet) from the first frame in %s, its label too, and keeps the cookie in step (issue 38)', async (_lang, path, toLight) => {
    const context = await browser.newContext({ colorScheme: 'light' });
    await context.addInitScript(() => {
      window.localStorage.setItem('darkMode', 'true');
      // What each frame shows, read in its animation callback before it is painted, from the first one
      // until the header's theme button has been parsed (on a busy machine the first frames come before it).
      const frames: { theme?: string; face: boolean | null }[] = [];
      (window as unknown as { frames_: unknown }).frames_ = frames;
      const look = () => {
        const face = document.querySelector('[data-theme-toggle] .qf-when-dark');
        frames.push({ theme: document.body?.dataset.theme, face: face ? getComputedStyle(face).display !== 'none' : null });
        if (!face && frames.length < 600) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const page = await context.newPage();
    await page.goto(site.url + path);
    await page.waitForFunction(() => (window as unknown as { frames_: { face: unknown }[] }).frames_.some((f) => f.face !== null));
    const frames = await page.evaluate(() => (window as unknown as { frames_: { theme?: string; face: boolean | null }[] }).frames_);
    // Dark in every frame from the first (a frame before <body> has no theme to show), and the button's
    // face says "to light" in the first frame it is in.
    const painted = frames.filter((f) => f.theme !== undefined).map((f) => f.theme);
    expect(painted).toEqual(painted.map(() => 'dark'));
    expect(frames.at(-1)).toEqual({ theme: 'dark', face: true });
    await page.getByRole('button', { name: toLight }).waitFor();
    expect((await context.cookies()).find((c) => c.name === 'qf_theme')?.value).toBe('dark');
    // The next page is rendered dark by the server, from the cookie.
    const next = await fetch(site.url + path, { headers: { cookie: 'qf_theme=dark' } }).then((r) => r.text());
    expect(next).toMatch(/<body[^>]*data-theme="dark"/);
    await context.close();
  });

  it('follows a theme change in every mounted section through the bus', async () => {
    const { page, problems } = await openPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(site.url + '/idkt');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    // The press is held until the header's code has arrived, then takes effect.
    await page.waitForFunction(() => document.body.dataset.theme === 'light');
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await page.getAttribute('body', 'data-theme')).toBe('light');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('content security policy', () => {
  it.each(['/', '/ar', STORY, `/ar${STORY}`, EVENT, `/ar${EVENT}`, EXPERT, '/idkt'])('is in force on %s without a single violation, and blocks an injected script', async (path) => {
    const { page, problems } = await openPage();
    const res = await page.goto(site.url + path);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-");
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await page.addScriptTag({ content: 'window.__injected = true;' }).catch(() => undefined);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(problems).toEqual([expect.stringContaining('violates the following Content Security Policy directive')]);
    await page.close();
  });
});

describe('old addresses', () => {
  it('answer every hand-written legacy rule with one permanent hop, and old story paths in both languages and any case', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { rules } = require('../../content/redirects.json') as { rules: { fromPath: string; toPath: string }[] };
    const hop = async (path: string) => {
      const res = await fetch(site.url + path, { redirect: 'manual' });
      return [res.status, res.headers.get('location')];
    };
    for (const rule of rules) {
      expect([rule.fromPath, ...(await hop(rule.fromPath))]).toEqual([rule.fromPath, 301, rule.toPath]);
      const target = await fetch(site.url + rule.toPath, { redirect: 'manual' });
      expect([rule.toPath, target.status === 301 ? 'chain' : 'lands']).toEqual([rule.toPath, 'lands']);
    }
    const slug = 'qatar-foundation-opens-new-learning-commons';
    for (const [from, to] of [
      [`/community/${slug}`, `/stories/${slug}`],
      [`/EDUCATION/${slug.toUpperCase()}`, `/stories/${slug}`],
      [`/ar/research/${slug}`, `/ar/stories/${slug}`],
      [`/AR/Community/${slug}`, `/ar/stories/${slug}`],
    ] as const)
      expect(await hop(from)).toEqual([301, to]);
    // fetch() may not set Host; a plain request can, as a browser on a legacy domain would.
    const legacyHost = await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
      const { hostname, port } = new URL(site.url);
      request({ hostname, port, path: '/ar/idkt?x=1', headers: { host: 'renad.qf.org.qa' } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode, location: res.headers.location });
      })
        .on('error', reject)
        .end();
    });
    expect(legacyHost).toEqual({ status: 301, location: `${site.url}/ar/idkt?x=1` });
  });

  it('land on the story in one hop, also through client-side navigation', async () => {
    const res = await fetch(`${site.url}/Community/qatar-foundation-opens-new-learning-commons`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(STORY);
    const { page } = await openPage();
    await page.goto(site.url + '/events');
    await startCode(page);
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/ar/research/qatar-foundation-opens-new-learning-commons';
      a.textContent = 'old link';
      document.querySelector('main')?.append(a);
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    await page.getByRole('link', { name: 'old link' }).click();
    await page.waitForURL(`${site.url}/ar${STORY}`);
    await page.locator('h1', { hasText: STORY_TITLE.ar }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.close();
  });
});

describe('failure stays local', () => {
  it('serves 503 with the chrome while mf-events is down, keeps other sections up, and recovers without a shell restart', async () => {
    await site.stop('mf-events');
    await new Promise((r) => setTimeout(r, 300));
    const down = await html('/events');
    expect(down.status).toBe(503);
    expect(down.body).toContain('This section is temporarily unavailable. Please try again in a few minutes.');
    expect(down.body).toContain('<header');
    expect(down.body).toContain('<footer');
    const arDown = await html('/ar/events');
    expect(arDown.body).toContain('هذا القسم غير متاح مؤقتاً');
    expect((await html(STORY)).status).toBe(200);

    const { page } = await openPage();
    await page.goto(site.url + STORY);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
    await page.locator('h1', { hasText: 'Temporarily unavailable' }).waitFor();
    await page.locator('footer').waitFor();
    await page.close();

    await site.start('mf-events');
    await new Promise((r) => setTimeout(r, 300));
    const back = await html('/events');
    expect(back.status).toBe(200);
    expect(back.body).toContain('Education City Speaker Series: The Future of Learning');
  });

  it('keeps a story at 200 when the newsletter widget’s section is down', async () => {
    await site.stop('mf-forms');
    await new Promise((r) => setTimeout(r, 300));
    const story = await html(STORY);
    expect(story.status).toBe(200);
    expect(story.body).toContain(STORY_TITLE.en);
    await site.start('mf-forms');
  });
});

describe('independent delivery', () => {
  it('shows a redeployed remote on the next request and in an open browser after exactly one reload', async () => {
    const { page } = await openPage();
    await page.goto(site.url + STORY);
    // The visitor reads the page with its code running (links are client-side).
    await startCode(page);
    let loads = 0;
    page.on('load', () => loads++);

    const folder = await buildVariant('mf-idkt', 'src/translations.ts', "heading: 'Technology database',", "heading: 'Technology database, updated',");
    await site.stop('mf-idkt');
    await site.start('mf-idkt', folder);
    await new Promise((r) => setTimeout(r, 300));

    expect((await html('/idkt')).body).toContain('Technology database, updated');

    // The visitor comes back to the tab: the page's code asks which composition is live, and its next
    // client-side navigation is one full load into it.
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/page-data/app-data.json');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await asked;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'IDKT' }).click();
    await page.waitForURL(`${site.url}/idkt`);
    await page.getByText('Technology database, updated').first().waitFor();
    expect(loads).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem('qf:reloaded-for'))).toBeTruthy();

    // Client-side again once the reloaded page's code runs.
    await startCode(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
    await page.locator('h1', { hasText: 'Events' }).waitFor();
    expect(loads).toBe(1);
    await page.close();
  });
});
