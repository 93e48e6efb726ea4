import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations, FIXTURE_EVENTS, recordProblems, type Site, startByFocus, startJourney, stopJourney } from '../site';

/**
 * The two forms every visitor meets (newsletter, event registration), in both languages: each error
 * message on bad input, accessible in that error state, focus on the first invalid field, and every
 * state of a registration: thanks, already registered, closed, in-person full, all seats booked.
 */

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

const event = (id: (typeof FIXTURE_EVENTS)[number]['id']) => FIXTURE_EVENTS.find((e) => e.id === id)!;
const NEWSLETTER = '[data-qf-widget="mf-forms/NewsletterSignup"]';
const REGISTRATION = '[data-qf-widget="mf-forms/EventRegistration"]';

async function openPage(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('close', () => void context.close());
  // 409 (already subscribed, already registered, seats gone) is a documented answer; the browser logs every 4xx.
  return { context, page, problems: recordProblems(page, { allow: /status of 409/ }) };
}

/** The widget hydrates when it scrolls into view; the visitor reads before typing. */
async function reach(page: Page, path: string, heading: string): Promise<Locator> {
  await page.goto(site.url + path);
  const region = page.getByRole('region', { name: heading });
  await region.scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  return region;
}

const focusedName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');

const NEWSLETTER_T = {
  // /idkt/newsletter subscribes to IDKT's quarterly list; a story's form to the monthly one.
  en: { path: '/idkt/newsletter', heading: 'Subscribe to the IDKT quarterly newsletter', label: 'Email address', submit: 'Subscribe', required: 'please enter the email address', invalid: 'the email is invalid', thanks: 'Thanks for subscribing.', already: 'You have already subscribed to the quarterly IDKT newsletter.', monthly: { path: '/stories/qatar-foundation-opens-new-learning-commons', heading: 'Subscribe to our newsletter', already: 'You have already subscribed to our monthly newsletter.' } },
  ar: { path: '/ar/idkt/newsletter', heading: 'اشترك في النشرة الفصلية لتنمية الصناعة ونقل المعرفة', label: 'البريد الإلكتروني', submit: 'اشترك', required: 'يُرجى إدخال عنوان البريد الإلكتروني', invalid: 'البريد الإلكتروني غير صالح', thanks: 'شكراً لاشتراكك.', already: 'أنت مشترك بالفعل في النشرة الفصلية لتنمية الصناعة ونقل المعرفة.', monthly: { path: '/ar/stories/qatar-foundation-opens-new-learning-commons', heading: 'اشترك في نشرتنا الإخبارية', already: 'أنت مشترك بالفعل في نشرتنا الإخبارية الشهرية.' } },
} as const;

describe.each(['en', 'ar'] as const)('the newsletter in %s', (lang) => {
  const t = NEWSLETTER_T[lang];

  it('names what is wrong next to the field, accessibly, moves focus to it, then subscribes once', async () => {
    const { page, problems } = await openPage();
    const form = await reach(page, t.path, t.heading);
    const email = form.getByLabel(t.label, { exact: true });
    // Its code loads when a visitor uses it (it posts without JavaScript too)
    await startByFocus(email);
    await form.getByRole('button', { name: t.submit }).click();
    await form.getByText(t.required, { exact: true }).first().waitFor();
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(focusedName(page)).resolves.toBe('email');
    expect(await axeViolations(page, NEWSLETTER)).toEqual([]);

    await email.fill('not-an-email');
    await form.getByRole('button', { name: t.submit }).click();
    await form.getByText(t.invalid, { exact: true }).first().waitFor();
    expect(await axeViolations(page, NEWSLETTER)).toEqual([]);

    const address = `core-${lang}-${Date.now()}@example.org`;
    await email.fill(address);
    await form.getByRole('button', { name: t.submit }).click();
    await form.getByRole('status').filter({ hasText: t.thanks }).waitFor();

    const again = await reach(page, t.path, t.heading);
    await startByFocus(again.getByLabel(t.label, { exact: true }));
    await again.getByLabel(t.label, { exact: true }).fill(address);
    await again.getByRole('button', { name: t.submit }).click();
    await again.getByRole('status').filter({ hasText: t.already }).waitFor();

    // The same address is not yet on the monthly list: a story's form subscribes it there, once.
    for (const expected of [t.thanks, t.monthly.already]) {
      const monthly = await reach(page, t.monthly.path, t.monthly.heading);
      await startByFocus(monthly.getByLabel(t.label, { exact: true }));
      await monthly.getByLabel(t.label, { exact: true }).fill(address);
      await monthly.getByRole('button', { name: t.submit }).click();
      await monthly.getByRole('status').filter({ hasText: expected }).waitFor();
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});

const REGISTRATION_T = {
  en: {
    prefix: '',
    heading: 'Register for this event',
    submit: 'Register',
    submitting: 'Registering…',
    fields: [['Full name', 'Layla Hassan'], ['Job title', 'Teacher'], ['Company or organisation', 'Qatar Academy'], ['Nationality', 'Qatari'], ['Country of residence', 'Qatar']],
    email: 'Email address',
    heard: 'How did you hear about this event?',
    online: 'Online',
    inPerson: 'In person',
    vaccinated: /I confirm/,
    name: 'Please enter a valid name',
    emailError: 'Please enter a valid email address',
    title: 'Please enter a valid title',
    company: 'Please enter a company name',
    select: 'Select an option',
    nationality: 'This field is required',
    required: 'This field is required.',
    thanks: 'Thank you for registering.',
    emailNote: 'An email with the viewing details will follow.',
    already: 'You have already registered for this event with this email address.',
    closed: 'Registration Closed',
    inPersonFull: 'In-person registration is no longer available because the maximum capacity has been reached. You can still register to attend online.',
    full: 'Thank you for your interest in this event. The event is now at full capacity. Please check this page after the event to watch the recording.',
  },
  ar: {
    prefix: '/ar',
    heading: 'سجّل في هذه الفعالية',
    submit: 'سجّل',
    submitting: 'جارٍ التسجيل…',
    fields: [['الاسم الكامل', 'ليلى حسن'], ['المسمى الوظيفي', 'معلمة'], ['الشركة أو الجهة', 'أكاديمية قطر'], ['الجنسية', 'قطرية'], ['بلد الإقامة', 'قطر']],
    email: 'البريد الإلكتروني',
    heard: 'كيف عرفت بهذه الفعالية؟',
    online: 'عبر الإنترنت',
    inPerson: 'حضورياً',
    vaccinated: /أؤكد أنني/,
    name: 'يُرجى إدخال اسم صحيح',
    emailError: 'يُرجى إدخال عنوان بريد إلكتروني صحيح',
    title: 'يُرجى إدخال مسمى وظيفي صحيح',
    company: 'يُرجى إدخال اسم الجهة',
    select: 'يُرجى اختيار أحد الخيارات',
    nationality: 'هذا الحقل مطلوب',
    required: 'هذا الحقل مطلوب.',
    thanks: 'شكراً لتسجيلك.',
    emailNote: 'ستصلك رسالة بالبريد الإلكتروني تتضمن تفاصيل المشاهدة.',
    already: 'لقد سجّلت بالفعل في هذه الفعالية بعنوان البريد الإلكتروني هذا.',
    closed: 'التسجيل مغلق',
    inPersonFull: 'لم يعد التسجيل للحضور الشخصي متاحاً لبلوغ الحد الأقصى للسعة. لا يزال بإمكانك التسجيل للحضور عبر الإنترنت.',
    full: 'شكراً لاهتمامك بهذه الفعالية. لقد اكتملت السعة القصوى للفعالية. يُرجى زيارة هذه الصفحة بعد الفعالية لمشاهدة التسجيل.',
  },
} as const;

/** Fills the registration form as a visitor of that language would. */
async function fillRegistration(form: Locator, t: (typeof REGISTRATION_T)['en' | 'ar'], email: string, attendance?: 'online' | 'in-person') {
  for (const [label, value] of t.fields) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByLabel(t.email, { exact: true }).fill(email);
  await form.getByLabel(t.heard).selectOption('website');
  // the in-person choice carries the seats left after its name
  if (attendance) await form.getByLabel(attendance === 'online' ? t.online : new RegExp(`^${t.inPerson}`)).check();
  await form.getByLabel(t.vaccinated).check();
}

describe.each(['en', 'ar'] as const)('event registration in %s', (lang) => {
  const t = REGISTRATION_T[lang];
  const path = (id: (typeof FIXTURE_EVENTS)[number]['id']) => `${t.prefix}/events/${event(id).slug}`;

  it('shows every field message on an empty submit, accessibly, with focus on the first field', async () => {
    const { page, problems } = await openPage();
    const form = await reach(page, path('e2e-hybrid'), t.heading);
    await form.getByRole('button', { name: t.submit }).click();
    for (const message of [t.name, t.emailError, t.title, t.company, t.nationality, t.select, t.required]) await form.getByText(message, { exact: true }).first().waitFor();
    await expect(focusedName(page)).resolves.toBe('name');
    await expect(form.getByLabel(t.fields[0][0], { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await axeViolations(page, REGISTRATION)).toEqual([]);

    // one field put right: its message goes, the others stay
    await form.getByLabel(t.fields[0][0], { exact: true }).fill(t.fields[0][1]);
    await form.getByRole('button', { name: t.submit }).click();
    await expect(focusedName(page)).resolves.toBe('email');
    await expect(form.getByText(t.name, { exact: true }).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says so while it registers, thanks the visitor, and refuses the same email twice', async () => {
    const { page, problems } = await openPage();
    const form = await reach(page, path('e2e-hybrid'), t.heading);
    const email = `core-twice-${lang}-${Date.now()}@example.org`;
    await fillRegistration(form, t, email, 'online');
    // The answer is held back a moment, so the visitor's wait is visible.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/registrations*', async (route) => {
      await held;
      await route.continue();
    });
    await form.getByRole('button', { name: t.submit }).click();
    const busy = form.getByRole('button', { name: t.submitting });
    await busy.waitFor();
    await expect(busy.isDisabled()).resolves.toBe(true);
    release();
    await form.getByText(t.thanks).waitFor();
    await form.getByText(t.emailNote).waitFor();
    await page.unroute('**/registrations*');

    const again = await reach(page, path('e2e-hybrid'), t.heading);
    await fillRegistration(again, t, email, 'online');
    await again.getByRole('button', { name: t.submit }).click();
    await again.getByText(t.already).waitFor();
    expect(await axeViolations(page, REGISTRATION)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows Registration Closed instead of the form when registration is closed', async () => {
    const { page, problems } = await openPage();
    const form = await reach(page, path('e2e-closed'), t.heading);
    await form.getByRole('status').filter({ hasText: t.closed }).waitFor();
    await expect(form.getByRole('button', { name: t.submit }).count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the last seat', () => {
  it('of a hybrid event, once taken, leaves online attendance only, in both languages', async () => {
    const t = REGISTRATION_T.en;
    const { page, problems } = await openPage();
    const form = await reach(page, `/events/${event('e2e-one-seat-hybrid').slug}`, t.heading);
    await fillRegistration(form, t, `seat-${Date.now()}@example.org`, 'in-person');
    await form.getByRole('button', { name: t.submit }).click();
    await form.getByText(t.thanks).waitFor();

    const ar = REGISTRATION_T.ar;
    const next = await reach(page, `/ar/events/${event('e2e-one-seat-hybrid').slug}`, ar.heading);
    await next.getByText(ar.inPersonFull).waitFor();
    await expect(next.getByLabel(new RegExp(`^${ar.inPerson}`)).count()).resolves.toBe(0);
    await fillRegistration(next, ar, `seat-online-${Date.now()}@example.org`, 'online');
    await next.getByRole('button', { name: ar.submit }).click();
    await next.getByText(ar.thanks).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('of an in-person event, once taken, leaves the recording message, in both languages', async () => {
    const t = REGISTRATION_T.ar;
    const { page, problems } = await openPage();
    const form = await reach(page, `/ar/events/${event('e2e-one-seat-hall').slug}`, t.heading);
    // in person is the only way to attend: nothing to choose
    await fillRegistration(form, t, `hall-${Date.now()}@example.org`);
    await form.getByRole('button', { name: t.submit }).click();
    await form.getByText(t.thanks).waitFor();

    for (const lang of ['en', 'ar'] as const) {
      const l = REGISTRATION_T[lang];
      const full = await reach(page, `${l.prefix}/events/${event('e2e-one-seat-hall').slug}`, l.heading);
      await full.getByRole('status').filter({ hasText: l.full }).waitFor();
      await expect(full.getByRole('button', { name: l.submit }).count()).resolves.toBe(0);
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});

