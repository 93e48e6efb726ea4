import type { Browser } from 'playwright-core';
import { FIXTURE_EVENTS, type Site, startJourney, stopJourney } from '../site';

/**
 * Issue 15: an event whose seats are gone says so in the page the server sends, so a visitor without
 * JavaScript never fills a form the server would refuse. Every seat booked: the status line is closed,
 * the registration shows the SPEC's full-capacity message and no form. The in-person seats of a hybrid
 * event booked: online attendance only, and that registration succeeds.
 */

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

const slug = (id: (typeof FIXTURE_EVENTS)[number]['id']) => FIXTURE_EVENTS.find((e) => e.id === id)!.slug;

const T = {
  en: {
    prefix: '',
    heading: 'Register for this event',
    open: 'Registration is open',
    closed: 'Registration Closed',
    full: 'Thank you for your interest in this event. The event is now at full capacity. Please check this page after the event to watch the recording.',
    inPersonFull: 'In-person registration is no longer available because the maximum capacity has been reached. You can still register to attend online.',
    submit: 'Register',
    online: 'Online',
    inPerson: 'In person',
  },
  ar: {
    prefix: '/ar',
    heading: 'سجّل في هذه الفعالية',
    open: 'التسجيل مفتوح',
    closed: 'أُغلق باب التسجيل',
    full: 'شكراً لاهتمامك بهذه الفعالية. لقد اكتملت السعة القصوى للفعالية. يُرجى زيارة هذه الصفحة بعد الفعالية لمشاهدة التسجيل.',
    inPersonFull: 'لم يعد التسجيل للحضور الشخصي متاحاً لبلوغ الحد الأقصى للسعة. لا يزال بإمكانك التسجيل للحضور عبر الإنترنت.',
    submit: 'سجّل',
    online: 'عبر الإنترنت',
    inPerson: 'حضورياً',
  },
} as const;

/** Takes the last in-person seat through the API, as another visitor would. */
async function takeSeat(eventId: string, email: string) {
  const res = await fetch(`${site.url}/api/forms/events/${eventId}/registrations?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ name: 'Seat Taker', email, title: 'Teacher', company: 'Qatar Academy', nationality: 'Qatari', countryOfResidence: 'Qatar', heardFrom: 'website', attendance: 'in-person', vaccinated: true }),
  });
  expect(res.status).toBe(201);
}

async function noScriptPage(path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const res = await page.goto(site.url + path);
  expect(res?.status()).toBe(200);
  return { context, page };
}

describe('a full event, without JavaScript', () => {
  beforeAll(async () => {
    await takeSeat('e2e-one-seat-hall', `hall-full-${Date.now()}@example.org`);
    await takeSeat('e2e-one-seat-hybrid', `hybrid-full-${Date.now()}@example.org`);
  });

  it.each(['en', 'ar'] as const)('says it is full and offers no form once every seat is booked (%s)', async (lang) => {
    const t = T[lang];
    const { context, page } = await noScriptPage(`${t.prefix}/events/${slug('e2e-one-seat-hall')}`);
    const main = page.locator('main');
    await expect(main.getByText(t.open, { exact: true }).count()).resolves.toBe(0);
    await expect(main.locator('[data-status]').textContent()).resolves.toBe(t.closed);
    const region = page.getByRole('region', { name: t.heading });
    await expect(region.getByRole('status').textContent()).resolves.toBe(t.full);
    await expect(region.locator('form').count()).resolves.toBe(0);
    await expect(region.getByRole('button', { name: t.submit }).count()).resolves.toBe(0);
    await context.close();
  });

  it.each(['en', 'ar'] as const)('offers online attendance only once the in-person seats are booked, and registers it (%s)', async (lang) => {
    const t = T[lang];
    const { context, page } = await noScriptPage(`${t.prefix}/events/${slug('e2e-one-seat-hybrid')}`);
    await expect(page.locator('main [data-status]').textContent()).resolves.toBe(t.open);
    const region = page.getByRole('region', { name: t.heading });
    await region.getByText(t.inPersonFull, { exact: true }).waitFor();
    await expect(region.getByRole('radio', { name: new RegExp(`^${t.inPerson}`) }).count()).resolves.toBe(0);
    const online = region.getByRole('radio', { name: t.online });
    await expect(online.isChecked()).resolves.toBe(true);
    // The form the server sent is one the server accepts: a plain post, answered with its thank-you page.
    await region.locator('input[name="name"]').fill('Layla Hassan');
    await region.locator('input[name="email"]').fill(`online-${lang}-${Date.now()}@example.org`);
    await region.locator('input[name="title"]').fill('Teacher');
    await region.locator('input[name="company"]').fill('Qatar Academy');
    await region.locator('input[name="nationality"]').fill('Qatari');
    await region.locator('input[name="countryOfResidence"]').fill('Qatar');
    await region.locator('select[name="heardFrom"]').selectOption('website');
    await region.locator('input[name="vaccinated"]').check();
    const [answer] = await Promise.all([page.waitForResponse((r) => r.url().includes('/registrations')), region.getByRole('button', { name: t.submit }).click()]);
    expect(answer.status()).toBe(201);
    await context.close();
  });
});
