import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, FIXTURE_EVENTS, recordProblems, type Site, startJourney, stopJourney, startCode } from '../site';

jest.setTimeout(180_000);

// Issue 15, the events screens: the speaker-series speakers, featured events, events by location, 'Load
// more events' and 'Add to calendar'.
const EXPERTS = '/education-city-speaker-series/experts';
const LAYLA = `${EXPERTS}/layla-al-mansouri`;
const SERIES = '/education-city-speaker-series';
const LEARNING = 'education-city-speaker-series-future-of-learning';
// A fixture event, always in the future, made featured for this journey (the content model has no
// `featured` field yet, so the repository's content features none).
const FEATURED = FIXTURE_EVENTS.find((e) => e.id === 'e2e-online')!;
// Seven events of this journey at a venue of their own, always in the future: more than a page (6) of
// upcoming events there and on the whole list, whatever the calendar.
const VENUE = { key: 'al-shaqab-education-city', en: 'Al Shaqab, Education City', ar: 'الشقب، المدينة التعليمية' };
const VENUE_EVENTS = 7;

let site: Site;
let browser: Browser;
/** The featured fixture event's start, as written into this journey's content. */
let featuredStart = '';

beforeAll(async () => {
  ({ site, browser } = await startJourney({
    prepareContent(entries) {
      const file = path.join(entries, 'zz-e2e-events.json');
      const events = JSON.parse(readFileSync(file, 'utf8')) as { sys: { id: string }; fields: Record<string, unknown> }[];
      for (const e of events) {
        if (e.sys.id !== FEATURED.id) continue;
        e.fields.featured = { 'en-US': true };
        featuredStart = (e.fields.startDate as { 'en-US': string })['en-US'];
      }
      const template = events.find((e) => e.sys.id === 'e2e-hybrid')!;
      for (let i = 1; i <= VENUE_EVENTS; i++) {
        const start = new Date(Date.now() + (60 + i) * 86_400_000);
        events.push({
          sys: { ...template.sys, id: `e2e-screens-${i}` },
          fields: {
            ...template.fields,
            title: { 'en-US': `Equestrian evening ${i}`, 'ar-QA': `أمسية الفروسية ${i}` },
            slug: { 'en-US': `e2e-equestrian-evening-${i}` },
            startDate: { 'en-US': start.toISOString() },
            endDate: { 'en-US': new Date(start.getTime() + 2 * 3_600_000).toISOString() },
            location: { 'en-US': VENUE.en, 'ar-QA': VENUE.ar },
          },
        });
      }
      writeFileSync(file, JSON.stringify(events));
    },
  }));
});
afterAll(() => stopJourney(site, browser));

async function openPage(options: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
  const page = await (await browser.newContext(options)).newPage();
  return { page, problems: recordProblems(page, { warnings: true }) };
}

/** Hydrates the section as a visitor does (they point at it), and waits until it is interactive. */
async function useSection(page: Page): Promise<void> {
  await page.locator('main h1').hover();
  await page.locator('[data-qf-section][data-qf-mounted]').waitFor({ state: 'attached' });
}

const LANGS = [
  {
    lang: 'en',
    prefix: '',
    speakers: 'Speakers',
    layla: 'Dr. Layla Al-Mansouri',
    role: 'Professor of Education Policy',
    sessions: 'Sessions',
    session: 'Education City Speaker Series: The Future of Learning',
    seriesTitle: 'Education City Speaker Series',
    meetSpeakers: 'Meet the speakers of the series',
    events: 'Events',
    featured: 'Featured events',
    featuredEvent: FEATURED.en,
    byLocation: 'Events by location',
    allLocations: 'All locations',
    atVenue: `Events at ${VENUE.en}`,
    venue: VENUE.en,
    upcoming: 'Upcoming events',
    loadMore: 'Load more events',
    calendar: 'Add to calendar',
    ics: 'Download a calendar file (.ics)',
    google: 'Google Calendar (opens in a new tab)',
    outlook: 'Outlook Calendar (opens in a new tab)',
    summary: 'SUMMARY;LANGUAGE=en:Education City Speaker Series: The Future of Learning',
  },
  {
    lang: 'ar',
    prefix: '/ar',
    speakers: 'المتحدثون',
    layla: 'الدكتورة ليلى المنصوري',
    role: 'أستاذة السياسات التعليمية',
    sessions: 'الجلسات',
    session: 'سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم',
    seriesTitle: 'سلسلة محاضرات المدينة التعليمية',
    meetSpeakers: 'تعرّف على المتحدثين في السلسلة',
    events: 'الفعاليات',
    featured: 'فعاليات مميزة',
    featuredEvent: FEATURED.ar,
    byLocation: 'الفعاليات حسب المكان',
    allLocations: 'جميع الأماكن',
    atVenue: `الفعاليات في ${VENUE.ar}`,
    venue: VENUE.ar,
    upcoming: 'الفعاليات القادمة',
    loadMore: 'تحميل المزيد من الفعاليات',
    calendar: 'أضف إلى التقويم',
    ics: 'تنزيل ملف التقويم (ics.)',
    google: 'تقويم Google (يُفتح في علامة تبويب جديدة)',
    outlook: 'تقويم Outlook (يُفتح في علامة تبويب جديدة)',
    summary: 'SUMMARY;LANGUAGE=ar:سلسلة محاضرات المدينة التعليمية: مستقبل التعلّم',
  },
] as const;

describe.each(LANGS)('speakers of the series ($lang)', (l) => {
  it('serves the speakers page and a speaker page with their h1, head and structured data', async () => {
    const list = await fetch(`${site.url}${l.prefix}${EXPERTS}`);
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml).toMatch(new RegExp(`<h1[^>]*>${l.speakers}</h1>`));
    expect(listHtml).toContain(`href="${l.prefix}${LAYLA}"`);
    expect(listHtml).toMatch(/<img[^>]+srcSet="\/media\/img-speaker-layla-al-mansouri-626\.webp 626w/i);
    expect(listHtml).toMatch(new RegExp(`<link rel="alternate" hreflang="ar" href="http://127\\.0\\.0\\.1:\\d+/ar${EXPERTS}">`));
    const one = await fetch(`${site.url}${l.prefix}${LAYLA}`);
    expect(one.status).toBe(200);
    const html = await one.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${l.layla}</h1>`));
    expect(html).toContain('"@type":"Person"');
    expect(html).toContain(l.role);
    for (const p of [`${l.prefix}${EXPERTS}/nobody`, `${l.prefix}${LAYLA}/more`]) expect([p, (await fetch(site.url + p)).status]).toEqual([p, 404]);
  });

  it('passes axe on both pages and goes from the list to a speaker and on to their session, client-side', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${site.url}${l.prefix}${EXPERTS}`);
    await page.getByRole('heading', { level: 1, name: l.speakers }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await startCode(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.locator('main').getByRole('link', { name: l.layla, exact: true }).click();
    await page.waitForURL(`${site.url}${l.prefix}${LAYLA}`);
    await page.getByRole('heading', { level: 1, name: l.layla }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)).toBe(true);
    // The breadcrumb: Home › Education City Speaker Series › the speaker.
    const crumbs = page.getByRole('navigation', { name: l.lang === 'en' ? 'Breadcrumb' : 'مسار التنقل' });
    await expect(crumbs.textContent()).resolves.toContain(l.seriesTitle);
    await expect(crumbs.textContent()).resolves.toContain(l.layla);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('region', { name: l.sessions }).getByRole('link', { name: l.session }).click();
    await page.waitForURL(`${site.url}${l.prefix}/events/${LEARNING}`);
    await page.getByRole('heading', { level: 1, name: l.session }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('links each speaker on the series page to their page', async () => {
    const html = await (await fetch(`${site.url}${l.prefix}${SERIES}`)).text();
    expect(html).toMatch(new RegExp(`<a href="${l.prefix}${LAYLA}">${l.layla}</a>`));
    expect(html).toContain(`href="${l.prefix}${EXPERTS}"`);
    const { page, problems } = await openPage();
    await page.goto(`${site.url}${l.prefix}${SERIES}`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: l.meetSpeakers }).waitFor();
    await page.getByRole('region', { name: l.lang === 'en' ? 'Upcoming sessions' : 'الجلسات القادمة' }).getByRole('link', { name: l.layla, exact: true }).click();
    await page.waitForURL(`${site.url}${l.prefix}${LAYLA}`);
    await page.getByRole('heading', { level: 1, name: l.layla }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lists the speaker pages in the sitemap', async () => {
    const xml = await (await fetch(`${site.url}/sitemap-${l.lang}.xml`)).text();
    expect(xml).toMatch(new RegExp(`<loc>http://127\\.0\\.0\\.1:\\d+${l.prefix}${EXPERTS}</loc>`));
    expect(xml).toMatch(new RegExp(`<loc>http://127\\.0\\.0\\.1:\\d+${l.prefix}${LAYLA}</loc>`));
  });
});

describe.each(LANGS)('the events list ($lang)', (l) => {
  const eventsPath = `${l.prefix}/events`;
  const upcomingItems = (page: Page) => page.getByRole('region', { name: l.upcoming }).getByRole('listitem');

  it('shows featured events, filters by venue and loads more without JavaScript, through plain links', async () => {
    const { page } = await openPage({ javaScriptEnabled: false });
    await page.goto(site.url + eventsPath);
    await page.getByRole('heading', { level: 1, name: l.events }).waitFor();
    await page.getByRole('region', { name: l.featured }).getByRole('link', { name: l.featuredEvent }).waitFor();
    await expect(upcomingItems(page).count()).resolves.toBe(6);

    await page.getByRole('navigation', { name: l.byLocation }).getByRole('link', { name: l.venue }).click();
    await page.waitForURL(`${site.url}${eventsPath}?location=${VENUE.key}`);
    await page.getByRole('heading', { level: 1, name: l.atVenue }).waitFor();
    expect(await page.getByRole('navigation', { name: l.byLocation }).getByRole('link', { name: l.venue }).getAttribute('aria-current')).toBe('page');
    await expect(upcomingItems(page).count()).resolves.toBe(6);
    await page.getByRole('region', { name: l.upcoming }).getByRole('link', { name: l.loadMore }).click();
    await page.waitForURL(`${site.url}${eventsPath}?location=${VENUE.key}&upcoming=2`);
    await expect(upcomingItems(page).count()).resolves.toBe(VENUE_EVENTS);
    // Every event of the venue is shown: no more to load.
    await expect(page.getByRole('region', { name: l.upcoming }).getByRole('link', { name: l.loadMore }).count()).resolves.toBe(0);

    await page.getByRole('link', { name: l.allLocations }).click();
    await page.waitForURL(site.url + eventsPath);
    await page.getByRole('heading', { level: 1, name: l.events }).waitFor();
    await page.context().close();
  });

  it('loads more in place with JavaScript, focusing the first new event, and passes axe', async () => {
    const { page, problems } = await openPage();
    await page.goto(site.url + eventsPath);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page, 'main')).toEqual([]);
    await useSection(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const status = page.getByRole('region', { name: l.upcoming }).getByRole('status');
    await page.getByRole('region', { name: l.upcoming }).getByRole('link', { name: l.loadMore }).click();
    await page.waitForFunction(() => window.location.search === '?upcoming=2');
    // Seven events of this journey and five fixtures at least: two pages are full.
    await expect(upcomingItems(page).count()).resolves.toBe(12);
    const seventh = await upcomingItems(page).nth(6).locator('h3 a').textContent();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(seventh);
    expect(await status.textContent()).toMatch(l.lang === 'en' ? /^Showing 12 of \d+\.$/ : /^تُعرض ١٢ من [٠-٩]+\.$/);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)).toBe(true);
    // The address is the list as shown: a reload shows the same.
    await page.reload();
    await expect(upcomingItems(page).count()).resolves.toBe(12);

    // A venue is an ordinary internal link: client-side, to that venue's list.
    await useSection(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await page.getByRole('navigation', { name: l.byLocation }).getByRole('link', { name: l.venue }).click();
    await page.waitForURL(`${site.url}${eventsPath}?location=${VENUE.key}`);
    await page.getByRole('heading', { level: 1, name: l.atVenue }).waitFor();
    await expect(upcomingItems(page).count()).resolves.toBe(6);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe.each(LANGS)('add to calendar ($lang)', (l) => {
  it('offers the calendar file, in UTC, and the Google and Outlook links on an event page', async () => {
    const { page, problems } = await openPage();
    await page.goto(`${site.url}${l.prefix}/events/${LEARNING}`);
    const region = page.getByRole('region', { name: l.calendar });
    const ics = region.getByRole('link', { name: l.ics });
    const href = await ics.getAttribute('href');
    expect(href).toBe(`/api/events/calendar/${LEARNING}.ics${l.lang === 'ar' ? '?lang=ar' : ''}`);
    const google = new URL((await region.getByRole('link', { name: l.google }).getAttribute('href'))!);
    // 18:30 to 20:30 in Doha on 20 January 2027.
    expect(google.searchParams.get('dates')).toBe('20270120T153000Z/20270120T173000Z');
    const outlook = new URL((await region.getByRole('link', { name: l.outlook }).getAttribute('href'))!);
    expect(outlook.searchParams.get('startdt')).toBe('2027-01-20T15:30:00Z');

    // The file, through the shell's API gateway.
    const res = await fetch(site.url + href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await res.text();
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const lines = body.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toContain('DTSTART:20270120T153000Z');
    expect(lines).toContain('DTEND:20270120T173000Z');
    expect(lines).toContain(l.summary);
    expect(lines.some((line) => /^UID:event-1@/.test(line))).toBe(true);
    expect(lines.some((line) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(line))).toBe(true);

    // A click downloads it (the shell's router leaves a download link alone).
    await page.waitForLoadState('networkidle');
    const [download] = await Promise.all([page.waitForEvent('download'), ics.click()]);
    expect(download.suggestedFilename()).toBe(`${LEARNING}.ics`);
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('writes a fixture event’s start in UTC', async () => {
    // DTSTART is the instant in UTC: 2027-01-20T15:30:00.000Z is 20270120T153000Z.
    const start = new Date(featuredStart).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(start).toMatch(/^\d{8}T\d{6}Z$/);
    const body = await (await fetch(`${site.url}/api/events/calendar/${FEATURED.slug}.ics${l.lang === 'ar' ? '?lang=ar' : ''}`)).text();
    expect(body.replace(/\r\n /g, '').split('\r\n')).toContain(`DTSTART:${start}`);
  });
});
