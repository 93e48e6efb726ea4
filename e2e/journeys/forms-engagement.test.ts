import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { recordProblems, returningVisitor, type Site, startJourney, stopJourney } from '../site';

jest.setTimeout(240_000);

const STORY = '/stories/qatar-foundation-opens-new-learning-commons';
const POLL_PAGE = '/community-poll';
// The speaker series' overview page: it places the question form (session pages link to it).
const SERIES_PAGE = '/education-city-speaker-series';

let site: Site;
let browser: Browser;

// The shell believes forwarded addresses from this machine, as it would from the load balancer in front
// of it: each browser below says which visitor's address it stands for (the poll counts one vote per
// client address).
beforeAll(async () => ({ site, browser } = await startJourney({ env: { TRUSTED_PROXIES: '127.0.0.1' } })));
afterAll(() => stopJourney(site, browser));

/** A fresh browser profile (its own storage and cookies) and a page that records console errors. */
async function openPage(viewport = { width: 1280, height: 800 }, address = '198.51.100.20'): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport });
  // Named on what goes to the shell only, as the proxy in front of it does: a header on every request would
  // make the browser's CORS requests for section code (integrity-checked) need a preflight.
  await context.route(`${site.url}/**`, (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }));
  // A visitor who has already accepted cookies: the prompts wait while the cookie banner is up (the
  // overlays rule; forms-overlays.test.ts covers the banner itself).
  await returningVisitor(context, site.url, { qf_cookie_consent: '1' });
  const page = await context.newPage();
  // 409 (already signed up, already voted) is a documented answer; the browser logs every 4xx.
  return { context, page, problems: recordProblems(page, { allow: /status of 409/, warnings: true, requests: false }) };
}

/** No axe violation inside a widget (its error state is what visitors with assistive technology meet). */
async function expectAccessible(page: Page, widget: string): Promise<void> {
  // Without axe's preload: it would fetch the sections' stylesheets again by XHR, which fails cross-origin
  // and logs console errors that are axe's, not the page's.
  const { violations } = await new AxeBuilder({ page }).include(`[data-qf-widget="${widget}"]`).options({ preload: false }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The widget hydrates when it scrolls into view; the visitor reads before typing. */
async function reach(page: Page, path: string, heading: string) {
  await page.goto(site.url + path);
  const region = page.getByRole('region', { name: heading });
  await region.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  return region;
}

describe('alumni-portal sign-up', () => {
  it('shows the SPEC messages on bad input, accessibly, then signs up in English', async () => {
    const { context, page, problems } = await openPage();
    const form = await reach(page, '/alumni-portal', 'Sign up for the alumni portal');
    await form.getByRole('button', { name: 'Sign up' }).click();
    await form.getByText('Please enter a valid name', { exact: true }).first().waitFor();
    await form.getByText('Please enter a valid email address', { exact: true }).first().waitFor();
    await form.getByText('Select an option', { exact: true }).first().waitFor();
    await form.getByText('This field is required', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('given-name');
    await expectAccessible(page, 'mf-forms/AlumniSignup');
    await form.getByLabel('First name').fill('Layla');
    await form.getByLabel('Last name').fill('Hassan');
    await form.getByLabel('Email address').fill('layla.e2e@example.org');
    await form.getByLabel('Graduating institution').selectOption('hbku');
    await form.getByLabel('Graduation year').fill('2019');
    await form.getByLabel(/I agree/).check();
    await form.getByRole('button', { name: 'Sign up' }).click();
    await form.getByRole('status').filter({ hasText: 'Thank you for signing up. We will let you know as soon as the alumni portal opens.' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs up in Arabic and refuses the same address twice', async () => {
    const { context, page, problems } = await openPage();
    const fill = async (form: ReturnType<Page['getByRole']>) => {
      await form.getByLabel('الاسم الأول').fill('سارة');
      await form.getByLabel('اسم العائلة').fill('علي');
      await form.getByLabel('البريد الإلكتروني').fill('sara.e2e@example.org');
      await form.getByLabel('جهة التخرّج').selectOption('cmu-q');
      await form.getByLabel('سنة التخرّج').fill('2015');
      await form.getByLabel(/أوافق على/).check();
      await form.getByRole('button', { name: 'سجّل' }).click();
    };
    let form = await reach(page, '/ar/alumni-portal', 'سجّل في بوابة الخريجين');
    await form.getByLabel('سنة التخرّج').fill('19');
    await form.getByRole('button', { name: 'سجّل' }).click();
    await form.getByText('يُرجى إدخال سنة تخرّج صحيحة', { exact: true }).first().waitFor();
    await expectAccessible(page, 'mf-forms/AlumniSignup');
    await fill(form);
    await form.getByText('شكراً لتسجيلك. سنبلغك فور إطلاق بوابة الخريجين.').waitFor();
    form = await reach(page, '/ar/alumni-portal', 'سجّل في بوابة الخريجين');
    await fill(form);
    await form.getByText('عنوان البريد الإلكتروني هذا مسجّل بالفعل في بوابة الخريجين.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('poll', () => {
  it('asks to select an option, counts one vote per browser and shows the Votes', async () => {
    const { context, page, problems } = await openPage();
    const poll = await reach(page, POLL_PAGE, 'What would you most like to see more of in Education City?');
    await expect(poll.getByRole('radio').count()).resolves.toBe(4);
    await poll.getByRole('button', { name: 'Vote' }).click();
    await poll.getByText('Select an option', { exact: true }).first().waitFor();
    await expectAccessible(page, 'mf-forms/Poll');
    await poll.getByLabel('Green spaces').check();
    await poll.getByRole('button', { name: 'Vote' }).click();
    await poll.getByText('Thank you for voting.').waitFor();
    await poll.getByText('Green spaces (Your vote)').waitFor();
    await poll.getByText('Votes: 1 · 100%').waitFor();

    // The browser remembers it voted: after a reload, the results and no Vote button.
    await page.reload();
    await poll.scrollIntoViewIfNeeded();
    await poll.getByText('Total votes: 1').waitFor();
    await expect(poll.getByRole('button', { name: 'Vote' }).count()).resolves.toBe(0);
    // A second vote from this browser is refused by the server, with the counts.
    const again = await page.evaluate(async () => {
      const res = await fetch('/api/forms/polls/poll-campus-priorities/votes?lang=en', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ optionId: 'public-lectures', voterId: localStorage.getItem('qf-voter') }) });
      return { status: res.status, body: (await res.json()) as { message: string; results: { total: number } } };
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already voted in this poll.');
    expect(again.body.results.total).toBe(1);
    // Even with its storage wiped, the browser's HttpOnly cookie still identifies it.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await poll.scrollIntoViewIfNeeded();
    await poll.getByText('Green spaces (Your vote)').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('votes in Arabic from another browser on another connection', async () => {
    const { context, page, problems } = await openPage(undefined, '198.51.100.21');
    const poll = await reach(page, `/ar${POLL_PAGE}`, 'ما الذي تودّ أن ترى المزيد منه في المدينة التعليمية؟');
    await poll.getByLabel('فعاليات ثقافية').check();
    await poll.getByRole('button', { name: 'صوّت' }).click();
    await poll.getByText('شكراً لتصويتك.').waitFor();
    await poll.getByText('مجموع الأصوات: ٢').waitFor();
    await poll.getByText('الأصوات: ١ · ٥٠٪').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('counts no second vote from the same connection, however new the browser', async () => {
    const { context, page, problems } = await openPage(undefined, '198.51.100.21');
    const poll = await reach(page, `/ar${POLL_PAGE}`, 'ما الذي تودّ أن ترى المزيد منه في المدينة التعليمية؟');
    await poll.getByLabel('مرافق رياضية').check();
    await poll.getByRole('button', { name: 'صوّت' }).click();
    await poll.getByText('سبق احتساب صوت في هذا الاستطلاع من اتصالك.').waitFor();
    await poll.getByText('مجموع الأصوات: ٢').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('survey popup', () => {
  it.each([
    ['en', STORY, 'Tell us about your visit', 'Close'],
    ['ar', `/ar${STORY}`, 'أخبرنا عن زيارتك', 'إغلاق'],
  ])('%s: appears after scrolling, closes with Escape or its button, and stays dismissed after a reload', async (lang, path, title, close) => {
    const { context, page, problems } = await openPage({ width: 800, height: 500 });
    await page.goto(site.url + path);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    if (lang === 'en') await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: close }).first().click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('qf-survey:survey-site-experience'))).toBe('dismissed');

    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(1500);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('answers the survey, with the message on a missing score, accessibly', async () => {
    const { context, page, problems } = await openPage({ width: 800, height: 500 });
    await page.goto(site.url + STORY);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const dialog = page.getByRole('dialog', { name: 'Tell us about your visit' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Select an option', { exact: true }).first().waitFor();
    await expectAccessible(page, 'mf-forms/SurveyPopup');
    await dialog.getByLabel('4 – Satisfied').check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Thank you for your feedback.').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the brand-survey prompt on the home page stays away once dismissed', async () => {
    const { context, page, problems } = await openPage();
    await page.goto(`${site.url}/ar`);
    const prompt = page.getByRole('complementary', { name: 'استبيان العلامة المؤسسية' });
    // It comes once the visitor starts using the page (its code loads then, not with the page).
    await page.waitForLoadState('networkidle');
    await expect(prompt.count()).resolves.toBe(0);
    await page.mouse.move(20, 300);
    await page.mouse.move(60, 320);
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'شارك في الاستبيان' }).click();
    await page.getByRole('dialog', { name: 'استبيان العلامة المؤسسية' }).waitFor();
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'detached' });
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.mouse.move(20, 300);
    await page.mouse.move(60, 320);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    await expect(prompt.count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('speaker-series question', () => {
  it.each([
    ['en', SERIES_PAGE, 'Ask the speakers a question', 'Send my question', ['Your name', 'Email address', 'Your question'], 'Please write a question of at least 10 characters.', 'Thank you. Your question has been received and will be shared with the speakers.'],
    ['ar', `/ar${SERIES_PAGE}`, 'اطرح سؤالاً على المتحدثين', 'أرسل سؤالي', ['اسمك', 'البريد الإلكتروني', 'سؤالك'], 'يُرجى كتابة سؤال لا يقل عن ١٠ أحرف.', 'شكراً لك. تم استلام سؤالك وستتم مشاركته مع المتحدثين.'],
  ] as const)('%s: explains bad input accessibly, then stores the question', async (_lang, path, heading, submit, [name, email, question], tooShort, thanks) => {
    const { context, page, problems } = await openPage();
    const form = await reach(page, path, heading);
    await form.getByLabel(question, { exact: true }).fill('Why?');
    await form.getByRole('button', { name: submit }).click();
    await form.getByText(tooShort, { exact: true }).first().waitFor();
    await expectAccessible(page, 'mf-forms/EcssQuestion');
    await form.getByLabel(name, { exact: true }).fill(_lang === 'en' ? 'Omar Khalid' : 'عمر خالد');
    await form.getByLabel(email, { exact: true }).fill('omar.e2e@example.org');
    await form.getByLabel(question, { exact: true }).fill(_lang === 'en' ? 'How will AI change the classroom?' : 'كيف سيغيّر الذكاء الاصطناعي الصفوف الدراسية؟');
    await form.getByRole('button', { name: submit }).click();
    await form.getByRole('status').filter({ hasText: thanks }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
