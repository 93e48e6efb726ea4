import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, clickSettled, FIXTURE_EVENTS, recordProblems, type Site, startJourney, stopJourney, startCode } from '../site';

jest.setTimeout(180_000);

const SERIES = '/education-city-speaker-series';
// A fixture event 30 days from the site's start joins the series, so a session is always upcoming and
// it is always the next one (the series' own sessions are months away or past), whatever the calendar.
const NEXT = FIXTURE_EVENTS.find((e) => e.id === 'e2e-hybrid')!;

let site: Site;
let browser: Browser;

beforeAll(async () => {
  ({ site, browser } = await startJourney({
    prepareContent(entries) {
      const file = path.join(entries, 'ecss.json');
      const series = JSON.parse(readFileSync(file, 'utf8')) as { fields: { sessions: { 'en-US': unknown[] } } }[];
      series[0]!.fields.sessions['en-US'].push({ sys: { type: 'Link', linkType: 'Entry', id: NEXT.id } });
      writeFileSync(file, JSON.stringify(series));
    },
  }));
});
afterAll(() => stopJourney(site, browser));

async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await (await browser.newContext()).newPage();
  return { page, problems: recordProblems(page, { warnings: true }) };
}

const LANGS = [
  {
    lang: 'en',
    prefix: '',
    title: 'Education City Speaker Series',
    siteName: 'Qatar Foundation',
    next: NEXT.en,
    startsOn: `${NEXT.en} starts on`,
    // Each unit agrees with its number (which depends on today's date).
    units: [/>Days?<\/span>/, />Hours?<\/span>/, />Minutes?<\/span>/, />Seconds?<\/span>/],
    zones: ['Doha', 'London', 'New York'],
    upcoming: 'Upcoming sessions',
    past: 'Past sessions',
    pastSession: 'Education City Speaker Series: Science, Trust and Public Life',
    question: 'Ask the speakers a question',
    seriesLink: 'See every session and send the speakers your question',
    breadcrumb: 'Breadcrumb',
    home: 'Home',
  },
  {
    lang: 'ar',
    prefix: '/ar',
    title: 'سلسلة محاضرات المدينة التعليمية',
    siteName: 'مؤسسة قطر',
    next: NEXT.ar,
    startsOn: `تبدأ جلسة ${NEXT.ar} يوم`,
    units: [/>(يوم|يومان|أيام|يومًا)<\/span>/, />(ساعة|ساعتان|ساعات)<\/span>/, />(دقيقة|دقيقتان|دقائق)<\/span>/, />(ثانية|ثانيتان|ثوانٍ)<\/span>/],
    zones: ['الدوحة', 'لندن', 'نيويورك'],
    upcoming: 'الجلسات القادمة',
    past: 'الجلسات السابقة',
    pastSession: 'سلسلة محاضرات المدينة التعليمية: العلم والثقة والحياة العامة',
    question: 'اطرح سؤالاً على المتحدثين',
    seriesLink: 'اطّلع على جميع الجلسات وأرسل سؤالك إلى المتحدثين',
    breadcrumb: 'مسار التنقل',
    home: 'الرئيسية',
  },
] as const;

describe.each(LANGS)('speaker-series page ($lang)', (l) => {
  const seriesPath = `${l.prefix}${SERIES}`;

  it('is server-rendered with its countdown, time zones, sessions, head links and the question form', async () => {
    const res = await fetch(site.url + seriesPath);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain(`<html lang="${l.lang}" dir="${l.lang === 'ar' ? 'rtl' : 'ltr'}" data-qf-new="">`);
    expect(body).toMatch(new RegExp(`<h1[^>]*>${l.title}</h1>`));
    expect(body).toContain(`<title>${l.title} | ${l.siteName}</title>`);
    expect(body).toMatch(new RegExp(`<link rel="alternate" hreflang="en" href="http://127\\.0\\.0\\.1:\\d+${SERIES}">`));
    expect(body).toMatch(new RegExp(`<link rel="alternate" hreflang="ar" href="http://127\\.0\\.0\\.1:\\d+/ar${SERIES}">`));
    expect(body).toContain('"@type":"EventSeries"');
    expect(body).toMatch(/<img[^>]+srcSet="\/media\/img-ecss-speaker-series-626\.webp 626w/i);
    // The countdown is in the server HTML, counted from the server's clock.
    expect(body).toMatch(/role="timer"[^>]*aria-live="off"/);
    for (const unit of l.units) expect(body).toMatch(unit);
    expect(body).toContain(l.startsOn);
    for (const zone of l.zones) expect(body).toContain(`<dt>${zone}</dt>`);
    expect(body).toContain(`data-qf-widget="mf-forms/EcssQuestion"`);
    expect(body).toContain(l.question);
  });

  it('ticks in the browser, names three time zones, passes axe and hydrates without a problem', async () => {
    const { page, problems } = await openPage();
    await page.goto(site.url + seriesPath);
    await page.waitForLoadState('networkidle');
    await page.getByRole('heading', { level: 1, name: l.title }).waitFor();
    const next = page.getByRole('region', { name: l.lang === 'en' ? 'Next session' : 'الجلسة القادمة' });
    await next.getByRole('link', { name: l.next }).waitFor();
    const timer = next.getByRole('timer');
    const first = await timer.textContent();
    await page.waitForFunction((before) => document.querySelector('[role="timer"]')?.textContent !== before, first, { timeout: 5_000 });
    expect(await timer.textContent()).not.toBe(first);
    expect(await next.locator('dt').allTextContents()).toEqual(l.zones);
    expect(await next.locator('dd time').count()).toBe(3);
    const breadcrumb = page.getByRole('navigation', { name: l.breadcrumb });
    expect(await breadcrumb.getByRole('link').allTextContents()).toEqual([l.home]);
    await expect(breadcrumb.textContent()).resolves.toContain(l.title);
    await page.getByRole('region', { name: l.question }).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('navigates client-side to a session and back through the link on the session page', async () => {
    const { page, problems } = await openPage();
    await page.goto(site.url + seriesPath);
    await page.waitForLoadState('networkidle');
    await startCode(page);
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

    await clickSettled(page.getByRole('region', { name: l.past }).getByRole('link', { name: l.pastSession }));
    await page.waitForURL(`${site.url}${l.prefix}/events/education-city-speaker-series-science-trust-public-life`);
    await page.getByRole('heading', { level: 1, name: l.pastSession }).waitFor();
    expect(await sameDocument()).toBe(true);

    await page.getByRole('link', { name: l.seriesLink }).click();
    await page.waitForURL(site.url + seriesPath);
    await page.getByRole('heading', { level: 1, name: l.title }).waitFor();

    await clickSettled(page.getByRole('region', { name: l.upcoming }).getByRole('link', { name: l.next }));
    await page.waitForURL(`${site.url}${l.prefix}/events/${NEXT.slug}`);
    await page.getByRole('heading', { level: 1, name: l.next }).waitFor();
    // The question form moved to the series page; the session page links there instead.
    await page.getByRole('link', { name: l.seriesLink }).waitFor();
    expect(await page.locator('[data-qf-widget="mf-forms/EcssQuestion"]').count()).toBe(0);

    await page.getByRole('link', { name: l.seriesLink }).click();
    await page.waitForURL(site.url + seriesPath);
    const timer = page.getByRole('timer');
    const before = await timer.textContent();
    await page.waitForFunction((text) => document.querySelector('[role="timer"]')?.textContent !== text, before, { timeout: 5_000 });
    expect(await sameDocument()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('answers 404 for an unknown path under the series', async () => {
    for (const p of [`${seriesPath}/nope`, `${seriesPath}/experts/nobody`]) {
      const res = await fetch(site.url + p);
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
  });
});
