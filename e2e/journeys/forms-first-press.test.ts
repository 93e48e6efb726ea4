import type { Browser } from 'playwright-core';
import { recordProblems, type Site, startJourney, stopJourney } from '../site';

/**
 * Issue 15: the newsletter widget hydrates on interaction. A visitor who presses "Subscribe" before
 * ever focusing the field used to leave the page for the API's bare "Invalid email adress." page: the
 * press is the interaction, the form is held while the widget's code arrives, then validated in place
 * with the widget's own message; the address stays the same.
 */

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

const T = {
  en: { path: '/idkt/newsletter', heading: 'Subscribe to the IDKT quarterly newsletter', label: 'Email address', submit: 'Subscribe', required: 'please enter the email address', invalid: 'the email is invalid', thanks: 'Thanks for subscribing.' },
  ar: { path: '/ar/idkt/newsletter', heading: 'اشترك في النشرة الفصلية لتنمية الصناعة ونقل المعرفة', label: 'البريد الإلكتروني', submit: 'اشترك', required: 'يُرجى إدخال عنوان البريد الإلكتروني', invalid: 'البريد الإلكتروني غير صالح', thanks: 'شكراً لاشتراكك.' },
} as const;

describe.each(['en', 'ar'] as const)('the newsletter in %s', (lang) => {
  const t = T[lang];

  it('answers a first press on Subscribe, before the field was ever used, in the page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = recordProblems(page);
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.goto(site.url + t.path);
    await page.waitForLoadState('networkidle');
    const url = page.url();
    const form = page.getByRole('region', { name: t.heading });
    const email = form.getByLabel(t.label, { exact: true });
    // Not hydrated yet: the widget's code comes with the visitor's first use of it.
    await expect(email.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps$')))).resolves.toBe(false);
    await form.getByRole('button', { name: t.submit }).click();
    await form.getByText(t.required, { exact: true }).first().waitFor();
    expect(page.url()).toBe(url);
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).resolves.toBe('email');
    expect(posts).toEqual([]);

    // Hydrated now: the next send is the widget's own, in place, as before.
    await email.fill('not-an-email');
    await form.getByRole('button', { name: t.submit }).click();
    await form.getByText(t.invalid, { exact: true }).first().waitFor();
    expect(page.url()).toBe(url);
    expect(posts).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps focus on Subscribe through a keyboard submit, while it sends and after (issue 38: it fell to <body>)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = recordProblems(page);
    await page.goto(site.url + t.path);
    const form = page.getByRole('region', { name: t.heading });
    await form.getByLabel(t.label, { exact: true }).focus();
    await page.keyboard.type(`keys-${lang}-${Date.now()}@example.org`);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(t.submit);
    await page.keyboard.press('Enter');
    await form.getByRole('status').filter({ hasText: t.thanks }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.tagName === 'BUTTON' && document.activeElement.closest('form') !== null)).resolves.toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('still posts without JavaScript, to the translated answer page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url + t.path);
    const form = page.getByRole('region', { name: t.heading });
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), form.getByRole('button', { name: t.submit }).click()]);
    expect(answer.status()).toBe(400);
    await context.close();
  });
});
