import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { recordProblems, type Site, startJourney, stopJourney } from '../site';

jest.setTimeout(240_000);

/** SPEC-level promise of issue 35: from an editor's publish to the new title on the page and in search. */
const PUBLISH_BAR_MS = 5000;

let site: Site;
let browser: Browser;
/** The problems each page of the journey recorded (console errors, failed requests). */
const recorded: string[][] = [];

/** The CMS's webhook secret every server of this site is given (CONTENT_WEBHOOK_SECRET). */
const SECRET = 'journey-webhook-secret-0123456789abcdef';

beforeAll(async () => ({ site, browser } = await startJourney({ env: { CONTENT_WEBHOOK_SECRET: SECRET } })));
afterAll(() => stopJourney(site, browser));

type Entry = { sys: { id: string }; fields: Record<string, Record<string, unknown>> };

/** Calls `check` until it returns something, at most `limitMs`; the time it took, from `since`. */
async function within<T>(since: number, limitMs: number, check: () => Promise<T | undefined>): Promise<{ value: T; ms: number }> {
  for (;;) {
    const value = await check();
    if (value !== undefined) return { value, ms: Date.now() - since };
    if (Date.now() - since > limitMs) throw new Error(`not seen within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The h1 of a page for a visitor arriving now (a new browser context: one that loaded the page in the
 * last minute may show its HTTP cache's copy, HTML being max-age=60, until it reloads).
 */
async function h1(url: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const problems = recordProblems(page);
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    const text = (await page.locator('h1').first().textContent())?.trim() ?? '';
    recorded.push([...problems]);
    return text;
  } finally {
    await context.close();
  }
}

/**
 * The titles the site's search page lists for `text`, for a visitor arriving now (a new browser context:
 * one that asked the same search a few seconds ago may be answered from its HTTP cache, max-age 5 s).
 */
async function searchTitles(prefix: string, text: string): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const problems = recordProblems(page);
    await page.goto(`${site.url}${prefix}/search#all=1&allType=1&s=${encodeURIComponent(text)}`);
    await page.getByRole('status').filter({ hasText: text }).waitFor();
    const titles = (await page.locator('main ol li h2').allTextContents()).map((t) => t.trim());
    // What the page met until now: closing its context aborts what it still loads, as leaving would.
    recorded.push([...problems]);
    return titles;
  } finally {
    await context.close();
  }
}

/** Whether the site serves `title` as the h1 of `url` (the HTML as the shell answers it, any visitor's first request). */
async function servesH1(url: string, title: string): Promise<true | undefined> {
  const html = await (await fetch(url)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] === title ? true : undefined;
}

/** Whether the site's search API (what the search page and the header's panel ask) lists `title` for `q`. */
async function searchFinds(lang: 'en' | 'ar', q: string, title: string): Promise<true | undefined> {
  const answer = (await (await fetch(`${site.url}/api/content/search?lang=${lang}&q=${encodeURIComponent(q)}`)).json()) as { items: { title: string }[] };
  return answer.items.some((i) => i.title === title) ? true : undefined;
}

describe('an editor publishes a change to a story (issue 35: live in seconds)', () => {
  it('shows the new title on the story page in English and Arabic and in search within the bar, and search forgets the old title', async () => {
    const file = path.join(site.entriesDir, 'article.json');
    const original = readFileSync(file, 'utf8');
    try {
      const entries = JSON.parse(original) as Entry[];
      const story = entries.find((e) => e.sys.id === 'story-1')!;
      const slug = story.fields.slug!['en-US'] as string;
      const [enUrl, arUrl] = [`${site.url}/stories/${slug}`, `${site.url}/ar/stories/${slug}`];
      const [oldEn, oldAr] = [story.fields.title!['en-US'] as string, story.fields.title!['ar-QA'] as string];
      expect(await h1(enUrl)).toBe(oldEn);
      expect(await h1(arUrl)).toBe(oldAr);
      // The story is kept by the shell now, and found by search under its old title.
      expect(await searchTitles('', 'Learning Commons')).toContain(oldEn);

      const [enTitle, arTitle] = ['Zephyrine garden opens beside the Learning Commons', 'حديقة زفيرين تفتتح بجانب مساحة التعلّم'];
      story.fields.title = { 'en-US': enTitle, 'ar-QA': arTitle };
      writeFileSync(file, JSON.stringify(entries, null, 2));
      const published = Date.now();
      // When the site serves it: the page and search asked side by side every 100 ms.
      const [onPage, onPageAr, inSearch, inSearchAr] = await Promise.all([
        within(published, PUBLISH_BAR_MS * 3, () => servesH1(enUrl, enTitle)),
        within(published, PUBLISH_BAR_MS * 3, () => servesH1(arUrl, arTitle)),
        within(published, PUBLISH_BAR_MS * 3, () => searchFinds('en', 'Zephyrine', enTitle)),
        within(published, PUBLISH_BAR_MS * 3, () => searchFinds('ar', 'زفيرين', arTitle)),
      ]);
      console.log(`publish → story page ${onPage.ms} / ${onPageAr.ms} ms (en / ar), → search ${inSearch.ms} / ${inSearchAr.ms} ms (bar ${PUBLISH_BAR_MS} ms)`);
      expect(Math.max(onPage.ms, onPageAr.ms, inSearch.ms, inSearchAr.ms)).toBeLessThanOrEqual(PUBLISH_BAR_MS);

      // What a visitor arriving now sees: the new titles, and search no longer lists the old one.
      expect(await h1(enUrl)).toBe(enTitle);
      expect(await h1(arUrl)).toBe(arTitle);
      expect(await searchTitles('', 'Zephyrine')).toContain(enTitle);
      expect(await searchTitles('/ar', 'زفيرين')).toContain(arTitle);
      expect(await searchTitles('', 'Learning Commons')).not.toContain(oldEn);
      expect(recorded.flat()).toEqual([]);
    } finally {
      // As it was (a retry starts from the same story).
      writeFileSync(file, original);
    }
  });

  it('through the CMS\'s webhook: the shell and every section look at once, the change is served right after, and a wrong secret is refused', async () => {
    const hook = (secret: string) => fetch(`${site.url}/hooks/content`, { method: 'POST', headers: { 'content-type': 'application/vnd.contentful.management.v1+json', 'x-qf-webhook-secret': secret }, body: '{"sys":{"id":"story-2","type":"Entry"}}' });
    expect((await hook('a guess')).status).toBe(401);
    const file = path.join(site.entriesDir, 'article.json');
    const original = readFileSync(file, 'utf8');
    try {
      const entries = JSON.parse(original) as Entry[];
      const story = entries.find((e) => e.sys.id === 'story-2')!;
      const url = `${site.url}/stories/${story.fields.slug!['en-US'] as string}`;
      expect(await servesH1(url, story.fields.title!['en-US'] as string)).toBe(true);
      const title = 'Quillwort meadow planted on the Education City green spine';
      story.fields.title = { ...story.fields.title, 'en-US': title };
      writeFileSync(file, JSON.stringify(entries, null, 2));
      const res = await hook(SECRET);
      const answered = Date.now();
      expect([res.status, await res.json()]).toEqual([200, { refreshed: ['shell', 'mf-content', 'mf-events', 'mf-forms', 'mf-idkt', 'mf-media-center'], failed: [] }]);
      const [onPage, inSearch] = await Promise.all([
        within(answered, PUBLISH_BAR_MS * 3, () => servesH1(url, title)),
        within(answered, PUBLISH_BAR_MS * 3, () => searchFinds('en', 'Quillwort', title)),
      ]);
      console.log(`webhook answered → story page ${onPage.ms} ms, → search ${inSearch.ms} ms`);
      expect(Math.max(onPage.ms, inSearch.ms)).toBeLessThanOrEqual(PUBLISH_BAR_MS);
    } finally {
      writeFileSync(file, original);
    }
  });
});
