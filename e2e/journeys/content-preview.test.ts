import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, recordProblems, type Site, startJourney, stopJourney } from '../site';

jest.setTimeout(240_000);

/**
 * An editor's preview of drafts (issue 35, deliver 6), as the CMS's "Open preview" does it: the secret
 * preview address, the story as its draft says, in both languages, marked as a preview, then left;
 * a visitor sees the published story throughout. The site's sections make previews from a drafts copy
 * of the store (CONTENT_PREVIEW_DIR), as a Contentful site does from the Preview API.
 */
const SECRET = 'journey-preview-secret-0123456789abcdef';
const STORY = '/stories/qatar-foundation-opens-new-learning-commons';
const PUBLISHED = { en: 'Qatar Foundation opens new Learning Commons in Education City', ar: 'مؤسسة قطر تفتتح مساحة التعلّم المشتركة الجديدة في المدينة التعليمية' };
const DRAFT = { en: 'Learning Commons: the draft an editor is still writing', ar: 'مساحة التعلّم المشتركة: مسودة ما زال المحرر يكتبها' };

let site: Site;
let browser: Browser;
let drafts: string;

beforeAll(async () => {
  drafts = mkdtempSync(path.join(os.tmpdir(), 'qf-journey-drafts-'));
  cpSync(path.resolve(__dirname, '../../content'), drafts, { recursive: true });
  const file = path.join(drafts, 'entries', 'article.json');
  const stories = JSON.parse(readFileSync(file, 'utf8')) as { sys: { id: string }; fields: Record<string, unknown> }[];
  const story = stories.find((s) => s.sys.id === 'story-1')!;
  story.fields.title = { 'en-US': DRAFT.en, 'ar-QA': DRAFT.ar };
  writeFileSync(file, JSON.stringify(stories));
  ({ site, browser } = await startJourney({ env: { CONTENT_PREVIEW_SECRET: SECRET, CONTENT_PREVIEW_DIR: drafts } }));
});
afterAll(async () => {
  await stopJourney(site, browser);
  rmSync(drafts, { recursive: true, force: true });
});

const h1 = async (page: Page) => (await page.locator('main h1').first().textContent())?.trim();

describe('preview of drafts', () => {
  it('refuses a wrong secret with a translated page and no preview', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const wrong = await page.goto(`${site.url}/_preview?secret=guess&path=${encodeURIComponent(STORY)}`);
    expect(wrong?.status()).toBe(401);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('This preview address is not valid. Open the preview again from the content management system.');
    const arabic = await page.goto(`${site.url}/_preview?secret=guess&path=${encodeURIComponent(`/ar${STORY}`)}`);
    expect(arabic?.status()).toBe(401);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('عنوان المعاينة هذا غير صالح. افتح المعاينة مجددًا من نظام إدارة المحتوى.');
    // No cookie was given: the story is the published one.
    await page.goto(`${site.url}${STORY}`);
    expect(await h1(page)).toBe(PUBLISHED.en);
    await context.close();
  });

  it('shows an editor the draft in both languages, marked as a preview, until they leave it; a visitor sees the published story', async () => {
    const editor = await browser.newContext();
    const page = await editor.newPage();
    const problems = recordProblems(page);
    const opened = await page.goto(`${site.url}/_preview?secret=${encodeURIComponent(SECRET)}&path=${encodeURIComponent(STORY)}`);
    expect(opened?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(STORY);
    expect(await h1(page)).toBe(DRAFT.en);
    expect(opened?.headers()['cache-control']).toBe('private, no-store');
    expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    const notice = page.getByRole('complementary', { name: 'Preview' });
    await expect(notice.textContent()).resolves.toBe('Preview: this page shows unpublished drafts. Visitors do not see them. Leave preview');
    expect(await axeViolations(page, '[data-qf-preview]')).toEqual([]);

    const visitor = await browser.newContext();
    const other = await visitor.newPage();
    await other.goto(`${site.url}${STORY}`);
    expect(await h1(other)).toBe(PUBLISHED.en);
    expect(await other.locator('[data-qf-preview]').count()).toBe(0);

    await page.goto(`${site.url}/ar${STORY}`);
    expect(await h1(page)).toBe(DRAFT.ar);
    await expect(page.getByRole('complementary', { name: 'معاينة' }).getByRole('link').textContent()).resolves.toBe('الخروج من المعاينة');
    await page.getByRole('link', { name: 'الخروج من المعاينة' }).click();
    await page.waitForURL((url) => url.pathname === `/ar${STORY}`);
    await page.locator('main h1').filter({ hasText: PUBLISHED.ar }).waitFor();
    expect(await page.locator('[data-qf-preview]').count()).toBe(0);
    await page.reload();
    expect(await h1(page)).toBe(PUBLISHED.ar);
    expect(problems).toEqual([]);
    await other.goto(`${site.url}/ar${STORY}`);
    expect(await h1(other)).toBe(PUBLISHED.ar);
    await editor.close();
    await visitor.close();
  });
});
