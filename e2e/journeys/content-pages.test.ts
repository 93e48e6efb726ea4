import type { Browser, Page } from 'playwright-core';
import { axeViolations, recordProblems, returningVisitor, type Site, startJourney, stopJourney, startCode } from '../site';

jest.setTimeout(180_000);

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

/** A page in its own context (as axe needs) that records every console error, page error and failed request. */
async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await (await browser.newContext()).newPage();
  return { page, problems: recordProblems(page) };
}

/** Every new kind of page, in English and in Arabic, with the h1 it must show. */
const PAGES: [kind: string, en: string, enTitle: string, ar: string, arTitle: string][] = [
  ['area', '/education', 'Education', '/ar/community', 'المجتمع'],
  ['place', '/place/qatar-national-library', 'Qatar National Library', '/ar/place/oxygen-park', 'حديقة الأكسجين'],
  ['programme list', '/program', 'Programmes', '/ar/program', 'البرامج'],
  ['programme', '/program/bs-computer-science', 'Bachelor of Science in Computer Science', '/ar/program/executive-mba', 'الماجستير التنفيذي في إدارة الأعمال'],
  ['school', '/education/schools/qatar-academy-doha', 'Qatar Academy Doha', '/ar/education/schools/qatar-academy-doha', 'أكاديمية قطر - الدوحة'],
  ['university', '/education/education-city/hamad-bin-khalifa-university', 'Hamad Bin Khalifa University', '/ar/education/education-city/hamad-bin-khalifa-university', 'جامعة حمد بن خليفة'],
  ['specific page (community)', '/community/qatar-national-convention-centre', 'Qatar National Convention Centre', '/ar/community/qatar-national-convention-centre', 'مركز قطر الوطني للمؤتمرات'],
  ['specific page (education)', '/education/qatar-music-academy', 'Qatar Music Academy', '/ar/education/qatar-music-academy', 'أكاديمية قطر للموسيقى'],
  ['specific page (school)', '/education/qatar-academy-alkhor', 'Qatar Academy Al Khor', '/ar/education/qatar-academy-alkhor', 'أكاديمية قطر - الخور'],
  ['profile', '/about/profile', 'Qatar Foundation profile', '/ar/about/profile', 'نبذة عن مؤسسة قطر'],
  ['people', '/people', 'People', '/ar/people', 'الأشخاص'],
  ['person', '/people/layla-al-mansouri', 'Dr. Layla Al-Mansouri', '/ar/people/layla-al-mansouri', 'د. ليلى المنصوري'],
  ['tap-story overview', '/stories/tap', 'Tap stories', '/ar/stories/tap', 'القصص التفاعلية'],
  ['tap story', '/stories/tap/a-day-in-education-city', 'A day in Education City', '/ar/stories/tap/a-day-in-education-city', 'يوم في المدينة التعليمية'],
  ['galleries', '/media-center/media-galleries', 'Media galleries', '/ar/media-center/media-galleries', 'معارض الوسائط'],
  ['gallery', '/media-center/media-galleries/convocation-2026', 'Education City Convocation 2026', '/ar/media-center/media-galleries/convocation-2026', ''],
  ['press releases', '/media-center/news', 'Press releases', '/ar/media-center/news', 'البيانات الصحفية'],
  ['press release', '/media-center/news/qnl-extends-opening-hours-exam-season', 'Qatar National Library extends opening hours for the examination season', '/ar/media-center/news/qnl-extends-opening-hours-exam-season', ''],
  ['media mentions', '/media-center/media-mentions', 'Media mentions', '/ar/media-center/media-mentions', 'التغطيات الإعلامية'],
  ['technologies', '/idkt/technologies', 'Technology database', '/ar/idkt/technologies', 'قاعدة بيانات التقنيات'],
  ['technology', '/idkt/technologies/low-energy-membrane-desalination', 'Low-energy membrane desalination', '/ar/idkt/technologies/low-energy-membrane-desalination', ''],
  ['info bank', '/idkt/info-bank', 'Info bank', '/ar/idkt/info-bank', 'بنك المعلومات'],
  ['info-bank document', '/idkt/info-bank/licensing-faq', 'Licensing: frequently asked questions', '/ar/idkt/info-bank/licensing-faq', ''],
];

describe('pages that content links to', () => {
  it.each(PAGES)('%s: renders in English and in Arabic with its h1, lang and dir, and hydrates without errors', async (_kind, en, enTitle, ar, arTitle) => {
    const { page, problems } = await openPage();
    for (const [path, lang, title] of [
      [en, 'en', enTitle],
      [ar, 'ar', arTitle],
    ] as const) {
      const res = await page.goto(site.url + path);
      expect([path, res?.status()]).toEqual([path, 200]);
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      const h1 = (await page.locator('main h1').first().textContent())?.trim() ?? '';
      if (title) expect(h1).toBe(title);
      else expect(h1).toMatch(/[\u0600-\u06FF]/);
      const other = lang === 'en' ? `/ar${path}` : path.slice('/ar'.length);
      expect(new URL((await page.locator(`link[rel="alternate"][hreflang="${lang === 'en' ? 'ar' : 'en'}"]`).getAttribute('href')) ?? '').pathname).toBe(other);
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('links an area to the other sections’ pages by the routes they publish, rendered on the server and in the browser alike', async () => {
    const { page, problems } = await openPage();
    for (const [path, more, hrefs, from] of [
      ['/research', 'More in Research', ['/idkt/technologies', '/idkt'], '/events'],
      ['/ar/community', 'المزيد في المجتمع', ['/ar/events'], '/ar/events'],
    ] as const) {
      await page.goto(site.url + path);
      // Each page's own requests (the statement flag) finish before the next navigation, which would abort them.
      await page.waitForLoadState('networkidle');
      const links = () => page.getByRole('list', { name: more }).getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(await links()).toEqual(hrefs);
      // Rendered in the browser after a client-side navigation from another section: the links come with the page data.
      await page.goto(site.url + from);
      await page.waitForLoadState('networkidle');
      await startCode(page);
      await page.evaluate((href) => {
        (window as unknown as { __qfSameDocument?: boolean }).__qfSameDocument = true;
        const a = document.createElement('a');
        a.href = href;
        a.textContent = 'to the area';
        a.id = 'to-area';
        document.querySelector('main')!.prepend(a);
      }, path);
      await page.click('#to-area');
      await page.getByRole('list', { name: more }).waitFor();
      expect(await links()).toEqual(hrefs);
      expect(await page.evaluate(() => (window as unknown as { __qfSameDocument?: boolean }).__qfSameDocument)).toBe(true);
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows a specific page in its area (the area bar), with its contact, address, people and links, axe-clean in both languages', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${site.url}/community/qatar-national-convention-centre`);
    const bar = page.getByRole('navigation', { name: /Community/ });
    await expect(bar.getByRole('link', { name: 'Community' }).first().isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-area="community"]').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Address' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: /Get directions to Qatar National Convention Centre/ }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\//);
    expect(await page.getByRole('link', { name: 'More about Qatar National Convention Centre' }).getAttribute('href')).toBe('/qatar-national-convention-centre');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${site.url}/ar/education/qatar-academy-alkhor`);
    await expect(page.locator('[data-area="education"]').count()).resolves.toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'المزيد عن أكاديمية قطر - الخور' }).getAttribute('href')).toBe('/ar/education/schools/qatar-academy-alkhor');
    expect(await axeViolations(page)).toEqual([]);
    // An entity's page lists its people, and the people list links to both.
    await page.goto(`${site.url}/qatar-biomedical-research-institute`);
    expect(await page.getByRole('region', { name: 'People' }).getByRole('link', { name: 'Dr. Layla Al-Mansouri' }).getAttribute('href')).toBe('/people/layla-al-mansouri');
    await page.goto(`${site.url}/ar/people`);
    expect(await page.getByRole('link', { name: 'د. ليلى المنصوري' }).getAttribute('href')).toBe('/ar/people/layla-al-mansouri');
    expect(await axeViolations(page)).toEqual([]);
    // The old profile address moved under /about for good.
    const old = await fetch(`${site.url}/profile`, { redirect: 'manual' });
    expect([old.status, old.headers.get('location')]).toEqual([301, '/about/profile']);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('gives a programme page what a prospective student needs, axe-clean in both languages', async () => {
    const { page, problems } = await openPage();
    for (const [path, requirements, apply] of [
      ['/program/bs-petroleum-engineering', 'Entry requirements', 'How to apply'],
      ['/ar/program/ms-sustainable-energy', 'شروط القبول', 'كيفية التقديم'],
    ] as const) {
      await page.goto(site.url + path);
      expect((await page.locator('main').innerText()).length).toBeGreaterThan(1500);
      await expect(page.getByRole('heading', { level: 2, name: requirements }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('heading', { level: 2, name: apply }).isVisible()).resolves.toBe(true);
      expect([path, await axeViolations(page, 'main')]).toEqual([path, []]);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('links a story\'s topics to the stories of that topic', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${site.url}/ar/stories/qatar-foundation-opens-new-learning-commons`);
    const topic = page.getByRole('region', { name: 'المواضيع' }).getByRole('link').first();
    const label = ((await topic.textContent()) ?? '').trim();
    const href = (await topic.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/ar\/stories\?tag=[a-z0-9-]+$/);
    await page.goto(site.url + href);
    // The list opens filtered by that topic, named in the page's language.
    const select = page.locator('select#stories-tag');
    expect(await select.inputValue()).toBe(new URL(href, site.url).searchParams.get('tag'));
    expect(((await select.locator('option:checked').textContent()) ?? '').trim()).toBe(label);
    await expect(page.locator('main article, main li a[href^="/ar/stories/"]').count()).resolves.toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('answers the 404 page for an unknown slug of each kind', async () => {
    for (const p of ['/education/nowhere', '/about/nothing', '/community/qatar-music-academy', '/place/nowhere', '/program/none', '/people/nobody', '/stories/tap/none', '/media-center/news/none', '/media-center/media-galleries/none', '/idkt/technologies/none', '/ar/idkt/info-bank/none'])
      expect([p, (await fetch(site.url + p)).status]).toEqual([p, 404]);
  });
});

describe('the programme list', () => {
  it('filters by school and degree without JavaScript (a GET form), in a shareable URL', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.url}/program`);
    await page.getByLabel('School or university').selectOption('hamad-bin-khalifa-university');
    await page.getByLabel('Degree').selectOption('phd');
    await page.getByRole('button', { name: 'Show programmes' }).click();
    await page.waitForURL(/\/program\?school=hamad-bin-khalifa-university&degree=phd$/);
    await expect(page.locator('main').getByRole('status').textContent()).resolves.toBe('3 programmes');
    await context.close();
  });

  it('filters in place once hydrated and writes the filter into the address', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${site.url}/ar/program?degree=master`);
    await expect(page.locator('main').getByRole('status').textContent()).resolves.toBe('٦ برامج');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('المدرسة أو الجامعة').selectOption('hec-paris-in-qatar');
    await page.waitForFunction(() => window.location.search === '?school=hec-paris-in-qatar&degree=master');
    await expect(page.locator('main').getByRole('status').textContent()).resolves.toBe('برنامج واحد');
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('a place page', () => {
  it('has a directions link that opens a maps service with the address', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${site.url}/place/qatar-national-convention-centre`);
    const address = (await page.locator('address').textContent())?.trim() ?? '';
    expect(address).toBe('Al Luqta Street, Education City, Doha');
    const link = page.getByRole('link', { name: /Get directions to Qatar National Convention Centre/ });
    const href = (await link.getAttribute('href')) ?? '';
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('destination')).toBe(`Qatar National Convention Centre, ${address}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the technology database', () => {
  it('filters by field and status, without and with JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noJs = await context.newPage();
    await noJs.goto(`${site.url}/idkt/technologies`);
    await noJs.getByLabel('Field').selectOption('water');
    await noJs.getByRole('button', { name: 'Show technologies' }).click();
    await noJs.waitForURL(/\/idkt\/technologies\?field=water&status=$/);
    await expect(noJs.locator('main').getByRole('status').textContent()).resolves.toBe('2 technologies');
    await context.close();

    const { page, problems } = await openPage();
    await page.goto(`${site.url}/idkt/technologies`);
    await page.waitForLoadState('networkidle');
    await page.getByLabel('Status').selectOption('licensed');
    await page.waitForFunction(() => window.location.search === '?status=licensed');
    await expect(page.locator('main').getByRole('status').textContent()).resolves.toBe('5 technologies');
    await page.getByRole('link', { name: 'Smart anti-corrosion coating for pipelines' }).click();
    await page.waitForURL(/\/idkt\/technologies\/anti-corrosion-coating-for-pipelines$/);
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Smart anti-corrosion coating for pipelines');
    // The focus moves to the new heading once the page is swapped in (a frame later on a busy machine).
    await page.waitForFunction(() => document.activeElement === document.querySelector('main h1'));
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('area colours', () => {
  // World Cup orange was 3.0:1 on white and Education purple 3.04:1 on the dark theme (axe color-contrast).
  it.each([
    ['light', '/stories/education-city-stadium-world-cup-legacy'],
    ['dark', '/ar/stories/education-city-stadium-world-cup-legacy'],
    ['dark', '/stories/qatar-foundation-opens-new-learning-commons'],
    ['light', '/ar/stories/qatar-foundation-opens-new-learning-commons'],
  ])('read at 4.5:1 or more as text, in the %s theme: %s', async (theme, path) => {
    const context = await browser.newContext();
    await returningVisitor(context, site.url, { darkMode: String(theme === 'dark') }, theme as 'dark' | 'light');
    const page = await context.newPage();
    const problems = recordProblems(page);
    await page.goto(site.url + path);
    await expect(page.evaluate(() => document.body.dataset.theme)).resolves.toBe(theme);
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
