import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { browserIntegrityOf, recordProblems, root, type Site, startCode, startJourney, stopJourney } from '../site';

jest.setTimeout(180_000);

// A section's browser code runs only as its release says (issue 37, item 5). The registry gives the
// digests of each section's browser build (`browserIntegrity`, from its release record); the shell checks
// the files before it sends a page that loads them, the page gives the browser each remote entry's
// digest, and each entry carries the digests of the chunks and stylesheets it loads
// (shared/build/chunk-integrity.js). Here:
// - the registry says one of mf-events' chunks has other bytes than its server serves (a file changed
//   after its release): the shell refuses the build, its pages get the 503 page, the refusal is logged
//   and counted, the other sections are served;
// - every script and stylesheet a page loads from a section carries its digest;
// - files changed after the shell's check (a host serving browsers other bytes than it served the shell)
//   are refused by the browser: changed chunks with an intact entry, and a changed entry.

const STORY = '/stories/qatar-foundation-opens-new-learning-commons';
const UNAVAILABLE = { en: 'This section is temporarily unavailable. Please try again in a few minutes.', ar: 'هذا القسم غير متاح مؤقتاً. يُرجى المحاولة مرة أخرى بعد بضع دقائق.' };
const sri = (bytes: Buffer | string) => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;

let site: Site;
let browser: Browser;
/** mf-content's digests as released: the registry keeps saying these when its server is given changed files. */
const released = browserIntegrityOf('mf-content');
let changedChunk = '';
const copies: string[] = [];

beforeAll(
  async () =>
    ({ site, browser } = await startJourney({
      browserIntegrity: (remote, digests) => {
        if (remote === 'mf-content') return released;
        if (remote !== 'mf-events') return digests;
        changedChunk = Object.keys(digests).find((name) => name.endsWith('.js') && !name.startsWith('remoteEntry.'))!;
        return { ...digests, [changedChunk]: sri('what was released') };
      },
    })),
);
afterAll(async () => {
  await stopJourney(site, browser);
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

/** Every script and stylesheet element the page gets (in its HTML or added later), as the browser saw it when added. */
async function watchFiles(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { tag: string; url: string; integrity: string; crossOrigin: string | null }[] = [];
    (window as unknown as { __qfFiles: typeof seen }).__qfFiles = seen;
    const note = (node: Node) => {
      if (node instanceof HTMLScriptElement && node.src) seen.push({ tag: 'script', url: node.src, integrity: node.integrity, crossOrigin: node.crossOrigin });
      if (node instanceof HTMLLinkElement && /stylesheet|preload/.test(node.rel)) seen.push({ tag: `link ${node.rel}`, url: node.href, integrity: node.integrity, crossOrigin: node.crossOrigin });
    };
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(note))).observe(document, { childList: true, subtree: true });
  });
}
const filesOf = (page: Page) => page.evaluate(() => (window as unknown as { __qfFiles: { tag: string; url: string; integrity: string; crossOrigin: string | null }[] }).__qfFiles);

/** A story page opened by a new visitor whose code runs (the section hydrates), and what it loaded from mf-content. */
async function storyWithCode(): Promise<{ page: Page; problems: string[]; asked: string[] }> {
  const page = await (await browser.newContext()).newPage();
  await watchFiles(page);
  const problems = recordProblems(page, { requests: false });
  const asked: string[] = [];
  page.on('request', (r) => r.url().startsWith(site.remoteUrl('mf-content')) && asked.push(r.url()));
  const response = await page.goto(site.url + STORY);
  expect(response?.status()).toBe(200);
  await startCode(page);
  // A client-side navigation to the list of stories: the section's code is loaded to render it.
  await page.locator('a[href="/stories"]').first().click();
  await page.waitForURL(`${site.url}/stories`);
  await page.waitForLoadState('networkidle');
  return { page, problems, asked };
}

/** mf-content's server started again from a copy of its build whose files `change` rewrites (the registry's digests stay those released). */
function serveChanged(change: (file: string, name: string) => void): Promise<void> {
  // Inside the repository, as buildVariant's copies: the server's dependencies resolve from there.
  mkdirSync(path.join(root, 'e2e', '.work'), { recursive: true });
  const copy = mkdtempSync(path.join(root, 'e2e', '.work', 'mf-content-changed-'));
  copies.push(copy);
  cpSync(path.join(root, 'mf-content', 'dist'), path.join(copy, 'dist'), { recursive: true });
  cpSync(path.join(root, 'mf-content', 'package.json'), path.join(copy, 'package.json'));
  for (const name of Object.keys(released)) change(path.join(copy, 'dist', 'browser', name), name);
  return site.stop('mf-content').then(() => site.start('mf-content', copy));
}

describe("a section's browser build whose files do not match its release", () => {
  it.each([
    ['/events', 'en'],
    ['/ar/events', 'ar'],
  ] as const)('%s is the 503 page', async (p, lang) => {
    const res = await fetch(site.url + p);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain(UNAVAILABLE[lang]);
  });

  it('is logged and counted; the sections whose files match are served', async () => {
    for (const p of ['/', '/ar', STORY]) expect({ p, status: (await fetch(site.url + p)).status }).toEqual({ p, status: 200 });
    const refusals = site.logLines('shell').filter((line) => line.msg === 'remote code refused');
    expect(refusals).toEqual(expect.arrayContaining([expect.objectContaining({ level: 'error', section: 'mf-events', reason: 'mismatch', file: `${site.remoteUrl('mf-events')}/browser/${changedChunk}` })]));
    expect(await (await fetch(site.metrics.shell)).text()).toMatch(/^qf_remote_code_refused_total\{qf_section="mf-events",reason="mismatch"\} [1-9]/m);
  });
});

describe("a page's section code in the browser", () => {
  it('carries its release digest on every script and stylesheet it loads from a section, and runs', async () => {
    const { page, problems } = await storyWithCode();
    const files = (await filesOf(page)).filter((f) => f.url.startsWith(site.remoteUrl('mf-content')));
    // The remote entry (the page's digest) and its chunks and stylesheets (the entry's digests).
    expect(files.filter((f) => f.tag === 'script' && /\/remoteEntry\.[0-9a-f]{10}\.js$/.test(f.url))).toHaveLength(1);
    expect(files.filter((f) => f.tag === 'script').length).toBeGreaterThan(2);
    for (const f of files) expect({ ...f, integrity: released[f.url.slice(f.url.lastIndexOf('/') + 1)] }).toEqual({ ...f, crossOrigin: 'anonymous' });
    // The section's code ran: its parcel mounted over the server's HTML.
    await page.locator('[data-qf-mounted]').first().waitFor({ state: 'attached' });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('refuses chunks changed after the shell checked them: none of their code runs, the page stays', async () => {
    await serveChanged((file, name) => name.startsWith('remoteEntry.') || writeFileSync(file, `${readFileSync(file, 'utf8')}\n;window.__qfChanged = true;`));
    const { page, problems, asked } = await storyWithCode();
    const chunks = asked.filter((u) => /\/browser\/(?!remoteEntry)[^/]+\.js$/.test(u));
    expect(chunks.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __qfChanged?: boolean }).__qfChanged)).toBeUndefined();
    expect(problems.some((p) => /integrity/i.test(p))).toBe(true);
    await page.locator('h1').first().waitFor();
    await page.context().close();
  });

  it('refuses a remote entry changed after the shell checked it: none of its chunks is asked for', async () => {
    await serveChanged((file, name) => name.startsWith('remoteEntry.') && writeFileSync(file, `${readFileSync(file, 'utf8')}\n;window.__qfChanged = true;`));
    const { page, problems, asked } = await storyWithCode();
    expect(asked.filter((u) => /\/browser\/remoteEntry\.[0-9a-f]{10}\.js$/.test(u)).length).toBeGreaterThan(0);
    expect(asked.filter((u) => /\/browser\/(?!remoteEntry)[^/]+\.js$/.test(u))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __qfChanged?: boolean }).__qfChanged)).toBeUndefined();
    expect(problems.some((p) => /integrity/i.test(p))).toBe(true);
    await page.locator('h1').first().waitFor();
    await page.context().close();
    await site.stop('mf-content').then(() => site.start('mf-content'));
  });
});
