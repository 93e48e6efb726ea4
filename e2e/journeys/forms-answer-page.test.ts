import type { Browser, Page } from 'playwright-core';
import { axeViolations, type Site, startJourney, stopJourney } from '../site';
import { sampleFile } from '@qf/shared/testing';

/**
 * Issue 15: a form sent without JavaScript used to come back as a bare page outside the site, every
 * message on one line and no field named; the scholarship made the visitor fill everything in again.
 * Now the answer is the form's own page, in the site's chrome: the form refilled (files excepted, said
 * plainly), each message by its field and in the summary, and sent again from there it comes back there.
 */

jest.setTimeout(120_000);

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

const T = {
  en: {
    prefix: '',
    event: 'Open lecture on learning',
    registration: 'Register for this event',
    name: 'Full name',
    email: 'Email address',
    vaccinated: 'I confirm that I am fully vaccinated or meet the venue’s current health requirements.',
    register: 'Register',
    online: 'Online',
    summary: 'Please correct the following:',
    emailMessage: 'Please enter a valid email address',
    vaccinatedMessage: 'This field is required.',
    thanks: 'Thank you for registering.',
    scholarship: 'Pre-university scholarship, 2028 cycle',
    firstName: 'First name',
    gpa: 'Academic GPA',
    gpaMessage: 'Please enter a valid GPA',
    apply: 'Submit application',
    filesAgain: 'Files are not kept when a form comes back to you: choose your files again before you send it.',
  },
  ar: {
    prefix: '/ar',
    event: 'محاضرة مفتوحة عن التعلّم',
    registration: 'سجّل في هذه الفعالية',
    name: 'الاسم الكامل',
    email: 'البريد الإلكتروني',
    vaccinated: 'أؤكد أنني تلقيت التطعيم الكامل أو أستوفي المتطلبات الصحية الحالية للمكان.',
    register: 'سجّل',
    online: 'عبر الإنترنت',
    summary: 'يُرجى تصحيح ما يلي:',
    emailMessage: 'يُرجى إدخال عنوان بريد إلكتروني صحيح',
    vaccinatedMessage: 'هذا الحقل مطلوب.',
    thanks: 'شكراً لتسجيلك.',
    scholarship: 'منحة ما قبل الجامعة، دورة 2028',
    firstName: 'الاسم الأول',
    gpa: 'المعدل الدراسي',
    gpaMessage: 'يُرجى إدخال معدل دراسي صحيح',
    apply: 'أرسل الطلب',
    filesAgain: 'لا نحتفظ بالملفات عند إعادة النموذج إليك: اختر ملفاتك مرة أخرى قبل الإرسال.',
  },
} as const;

/**
 * axe runs scripts in the page, which a browser without JavaScript does not: the answer page's markup,
 * as that browser has it, is checked in a browser with scripts, at the same address, its own scripts
 * kept from running (no section hydrates; what axe sees is the server's HTML).
 */
async function axeOfMarkup(page: Page): Promise<string[]> {
  const html = await page.content();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const checked = await context.newPage();
  await checked.route('**/*.js', (r) => r.abort());
  await checked.route(page.url(), (r) => r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }));
  await checked.goto(page.url());
  const violations = await axeViolations(checked, 'main');
  await context.close();
  return violations;
}

/** A field's error as assistive technology reads it: the text of what its aria-describedby names. */
const describedBy = (page: Page, id: string) =>
  page.evaluate((fieldId) => {
    const ids = document.getElementById(fieldId)?.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((i) => document.getElementById(i)?.textContent ?? '').join(' | ');
  }, id);

describe.each(['en', 'ar'] as const)('a form sent without JavaScript, in %s', (lang) => {
  const t = T[lang];

  it('comes back as the event page: the registration refilled, each message by its field, then the thank-you there', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}${t.prefix}/events/e2e-open-hybrid-lecture`);
    let form = page.getByRole('region', { name: t.registration });
    await form.getByLabel(t.name, { exact: true }).fill('Layla Hassan');
    await form.getByLabel(t.email, { exact: true }).fill('layla@');
    for (const [label, value] of [
      [lang === 'ar' ? 'المسمى الوظيفي' : 'Job title', 'Teacher'],
      [lang === 'ar' ? 'الشركة أو الجهة' : 'Company or organisation', 'Qatar Academy'],
      [lang === 'ar' ? 'الجنسية' : 'Nationality', 'Qatari'],
      [lang === 'ar' ? 'بلد الإقامة' : 'Country of residence', 'Qatar'],
    ] as const)
      await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByRole('combobox').selectOption('friend');
    await form.getByRole('radio', { name: t.online }).check();
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), form.getByRole('button', { name: t.register }).click()]);
    expect(answer.status()).toBe(400);
    await page.waitForLoadState();

    // A page of the site: its chrome, the event, the form.
    await page.getByRole('banner').first().waitFor();
    await expect(page.getByRole('contentinfo').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(lang);
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe(t.event);
    form = page.getByRole('region', { name: t.registration });
    // Refilled, with each message by its field and in the summary.
    await expect(form.getByLabel(t.name, { exact: true }).inputValue()).resolves.toBe('Layla Hassan');
    const email = form.getByLabel(t.email, { exact: true });
    await expect(email.inputValue()).resolves.toBe('layla@');
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(describedBy(page, (await email.getAttribute('id'))!)).resolves.toBe(t.emailMessage);
    await expect(describedBy(page, (await form.getByLabel(t.vaccinated).getAttribute('id'))!)).resolves.toBe(t.vaccinatedMessage);
    await expect(form.getByLabel(t.name, { exact: true }).getAttribute('aria-invalid')).resolves.toBeNull();
    const summary = form.getByRole('alert');
    await expect(summary.getByText(t.summary).count()).resolves.toBe(1);
    await expect(summary.getByRole('link').allTextContents()).resolves.toEqual([t.emailMessage, t.vaccinatedMessage]);
    await expect(form.getByRole('combobox').inputValue()).resolves.toBe('friend');
    await expect(form.getByRole('radio', { name: t.online }).isChecked()).resolves.toBe(true);
    expect(await axeOfMarkup(page)).toEqual([]);

    // Corrected and sent again from there: the thank-you, on the event page again.
    await email.fill(`no-script-${lang}-${Date.now()}@example.org`);
    await form.getByLabel(t.vaccinated).check();
    const [again] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), form.getByRole('button', { name: t.register }).click()]);
    expect(again.status()).toBe(201);
    await page.waitForLoadState();
    await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toBe(t.event);
    await expect(page.getByRole('region', { name: t.registration }).getByRole('status').textContent()).resolves.toContain(t.thanks);
    await context.close();
  });

  it('comes back as the scholarship page: what was typed, the message by its field, and plainly that files must be chosen again', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}${t.prefix}/pre-university-scholarship`);
    let form = page.getByRole('region', { name: t.scholarship });
    await form.getByLabel(t.firstName, { exact: true }).fill('نور');
    await form.getByLabel(t.gpa, { exact: true }).fill('not a number');
    await form.locator('input[type="file"]').first().setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: sampleFile('pdf', 500) });
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), form.getByRole('button', { name: t.apply }).click()]);
    expect(answer.status()).toBe(400);
    await page.waitForLoadState();
    await page.getByRole('banner').first().waitFor();
    form = page.getByRole('region', { name: t.scholarship });
    await expect(form.getByLabel(t.firstName, { exact: true }).inputValue()).resolves.toBe('نور');
    const gpa = form.getByLabel(t.gpa, { exact: true });
    await expect(gpa.inputValue()).resolves.toBe('not a number');
    await expect(describedBy(page, (await gpa.getAttribute('id'))!)).resolves.toContain(t.gpaMessage);
    await expect(form.getByText(t.filesAgain, { exact: true }).count()).resolves.toBe(1);
    await expect(form.locator('input[type="file"]').first().evaluate((el) => (el as HTMLInputElement).files?.length ?? 0)).resolves.toBe(0);
    expect(await axeOfMarkup(page)).toEqual([]);
    await context.close();
  });
});
