import AxeBuilder from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { type Site, startJourney, stopJourney } from '../site';

/**
 * Issue 15: the error summary's links (stacked, one per field) were 19 px high, under WCAG 2.2's
 * 24 × 24 px minimum target (2.5.8). In the error state of the scholarship form (the longest summary)
 * and of the art entry, in both languages: axe's target-size rule (off by default, so asked for by name)
 * finds nothing, and every link is at least 24 px high.
 */

jest.setTimeout(180_000);

let site: Site;
let browser: Browser;

beforeAll(async () => ({ site, browser } = await startJourney()));
afterAll(() => stopJourney(site, browser));

const CASES = [
  { lang: 'en', widget: 'mf-forms/Scholarship', path: '/pre-university-scholarship', heading: 'Pre-university scholarship, 2028 cycle', submit: 'Submit application', first: 'Please enter a valid name' },
  { lang: 'ar', widget: 'mf-forms/Scholarship', path: '/ar/pre-university-scholarship', heading: 'منحة ما قبل الجامعة، دورة 2028', submit: 'أرسل الطلب', first: 'يُرجى إدخال اسم صحيح' },
  { lang: 'en', widget: 'mf-forms/ArtEntry', path: '/art-contest', heading: 'Submit your artwork', submit: 'Submit artwork', first: 'Please enter a valid name' },
  { lang: 'ar', widget: 'mf-forms/ArtEntry', path: '/ar/art-contest', heading: 'قدّم عملك الفني', submit: 'أرسل العمل الفني', first: 'يُرجى إدخال اسم صحيح' },
] as const;

describe('the error summary links', () => {
  it.each(CASES)('$widget ($lang): 24 px targets at least, axe target-size clean', async (c) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(site.url + c.path);
    const form = page.getByRole('region', { name: c.heading });
    await form.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await form.getByRole('button', { name: c.submit }).click();
    const summary = form.getByRole('alert');
    await summary.getByRole('link', { name: c.first }).first().waitFor();
    const heights = await summary.getByRole('link').evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(5);
    expect(heights.filter((h) => h < 24)).toEqual([]);
    const { violations } = await new AxeBuilder({ page }).include(`[data-qf-widget="${c.widget}"]`).withRules(['target-size']).options({ preload: false }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
});
