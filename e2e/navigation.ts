import type { Browser, BrowserContext, Page } from 'playwright-core';

// Tap to content on a phone (issue 34): how long a visitor's tap takes to show what it asked for, on a
// page that has just loaded ("a first tap"), after the visitor has read a while, and once the page's
// code runs; each tap measured next to its floor, the same tap on the same site with JavaScript off (a
// plain link). `npm run bench:navigation` holds the medians to the bars; the navigation journey uses
// the same code to show that a first tap is a plain navigation and what the prefetch fetched.

/** The bars (ratios to the plain link, or milliseconds) and goals of issue 34. */
export const NAVIGATION_BARS = { firstTap: 1.0, codeRuns: 0.6, openMs: 300 } as const;
export const NAVIGATION_GOALS = { firstTap: 0.5, codeRuns: 0.3, openMs: 100 } as const;

/** Lighthouse's mobile CPU: four times slower than this machine. */
const CPU_SLOWDOWN = 4;
/** A phone's screen and input. */
export const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

export type TapKind = 'firstTap' | 'codeRuns';

export interface TapScenario {
  name: string;
  kind: TapKind;
  /** The page the visitor is on (English; `/ar` + it in Arabic). */
  from: string;
  /** The link tapped (CSS, `{lang}` replaced by `` or `/ar`; the first that matches), leading to another page. */
  link: string;
  /** How long the visitor reads before the tap, ms after the page's load event. */
  readMs: number;
}

/** The taps of the issue, in English; each also runs in Arabic. */
export const TAP_SCENARIOS: TapScenario[] = [
  { name: 'first tap, home → a story', kind: 'firstTap', from: '/', link: 'main a[href^="{lang}/stories/"]', readMs: 1000 },
  { name: 'first tap, events → an event', kind: 'firstTap', from: '/events', link: 'main a[href^="{lang}/events/"]', readMs: 1000 },
  { name: 'first tap, a story → events (footer)', kind: 'firstTap', from: '/stories/education-city-stadium-opens-gates-world-cup-fans', link: 'footer a[href="{lang}/events"]', readMs: 1000 },
  { name: 'first tap after 6 s of reading, home → a story', kind: 'firstTap', from: '/', link: 'main a[href^="{lang}/stories/"]', readMs: 6500 },
  { name: 'once the code runs, a story → events (footer)', kind: 'codeRuns', from: '/stories/education-city-stadium-opens-gates-world-cup-fans', link: 'footer a[href="{lang}/events"]', readMs: 6500 },
];

export type OpenScenario = { name: string; from: string; control: string; done: 'menu' | 'search' };

/** Taps on the header's controls of a fresh page: until the menu is open, until the search field has focus. */
export const OPEN_SCENARIOS: OpenScenario[] = [
  { name: 'tap → menu open', from: '/stories/education-city-stadium-opens-gates-world-cup-fans', control: '[data-qf-root="header"] button[aria-controls="qf-mobile-menu"]', done: 'menu' },
  { name: 'tap → search focused', from: '/stories/education-city-stadium-opens-gates-world-cup-fans', control: '[data-qf-root="header"] button[aria-controls="qf-search-panel"]', done: 'search' },
];

export const inLanguage = (lang: 'en' | 'ar', path: string): string => (lang === 'en' ? path : path === '/' ? '/ar' : `/ar${path}`);

export interface TapFigure {
  /** From the tap to the next page's heading on screen, ms. */
  ms: number;
  /** What the browser fetched between the page's load and the tap (the prefetch), bytes on the wire. */
  prefetchedBytes: number;
  /** Whether the tap was a client-side navigation (the page's code ran it) or the browser's own. */
  client: boolean;
}

/** A fresh phone (no cache, no storage) with Lighthouse's CPU; the network is the throttling proxy's. */
async function phonePage(browser: Browser, javaScript: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled: javaScript, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** Between two looks at the page: often enough to time a tap, seldom enough not to slow the page it times. */
const POLL_MS = 8;

/** Polls until `check` holds in the page (across a navigation); the time it held. */
async function until(page: Page, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return performance.now();
    if (performance.now() > deadline) {
      if (process.env.QF_NAV_DEBUG) await page.screenshot({ path: `/tmp/nav-timeout-${Date.now()}.png` }).catch(() => undefined);
      throw new Error(`not shown within ${timeoutMs} ms (at ${page.url()})`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The next page's heading is on screen: the address is the link's and a visible `main h1` is not the old one. */
const headingShown = (page: Page, to: string, old: string) =>
  page.evaluate(
    ([path, before]) => {
      if (decodeURIComponent(location.pathname) !== path) return false;
      return [...document.querySelectorAll('main h1')].some((h) => h.checkVisibility() && (h.textContent ?? '').trim() !== before && (h.textContent ?? '').trim() !== '');
    },
    [to, old] as const,
  );

/**
 * One tap: a fresh phone opens `from`, reads `readMs` after load (the code-runs case first brings the
 * page's code, by opening and closing the menu as a visitor would), brings the link into view (as a
 * visitor scrolls to it), then taps it; the time from the touch to the next page's heading on screen.
 * `counted` is the proxy's count of bytes carried down.
 */
export async function measureTap(browser: Browser, siteUrl: string, lang: 'en' | 'ar', scenario: TapScenario, javaScript: boolean, counted: () => number): Promise<TapFigure> {
  const { context, page } = await phonePage(browser, javaScript);
  try {
    const from = inLanguage(lang, scenario.from);
    await page.goto(siteUrl + from, { waitUntil: 'load' });
    const loadedAt = performance.now();
    const loadedBytes = counted();
    if (scenario.kind === 'codeRuns' && javaScript) {
      const menu = page.locator('[data-qf-root="header"] button[aria-controls="qf-mobile-menu"]');
      await menu.tap();
      await page.locator('#qf-mobile-menu').waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await page.locator('#qf-mobile-menu').waitFor({ state: 'hidden' });
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-qf-app'));
    }
    const link = page.locator(scenario.link.replaceAll('{lang}', lang === 'en' ? '' : '/ar')).first();
    // Into the middle of the screen, as a visitor scrolls to what they read next (the cookie notice
    // takes the bottom of a first visit's screen).
    await link.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const rest = scenario.readMs - (performance.now() - loadedAt);
    if (rest > 0) await page.waitForTimeout(rest);
    const box = await link.boundingBox();
    if (!box) throw new Error(`${scenario.link} is not on ${from}`);
    const to = decodeURIComponent(new URL((await link.getAttribute('href')) ?? '', siteUrl).pathname);
    const old = ((await page.locator('main h1').first().textContent()) ?? '').trim();
    const client = javaScript && (await page.evaluate(() => document.documentElement.hasAttribute('data-qf-app')));
    const prefetchedBytes = counted() - loadedBytes;
    const asked: string[] = [];
    const ask = (r: { url(): string }) => void asked.push(`${Math.round(performance.now() - tappedAt)} ${r.url().replace(siteUrl, '')}`);
    if (process.env.QF_NAV_DEBUG) page.on('request', ask);
    const profiler = process.env.QF_NAV_PROFILE && javaScript ? await (process.env.QF_NAV_PROFILE === 'trace' ? startTrace : startProfile)(page) : undefined;
    const tappedAt = performance.now();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const shownAt = await until(page, () => headingShown(page, to, old));
    if (process.env.QF_NAV_DEBUG) console.error(`  asked after the tap (${Math.round(shownAt - tappedAt)} ms): ${asked.join(' | ')}`);
    if (profiler) console.error(`  main thread after the tap (${Math.round(shownAt - tappedAt)} ms), self time by function:\n${await profiler()}`);
    return { ms: Math.round(shownAt - tappedAt), prefetchedBytes, client };
  } finally {
    await context.close();
  }
}

/**
 * QF_NAV_PROFILE=1: the page's JavaScript profile from the tap to the next page on screen (CPU-throttled
 * like the rest), its self time summed per function and file, the heaviest first.
 */
async function startProfile(page: Page): Promise<() => Promise<string>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => {
    type Node = { id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } };
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] } };
    const selfUs = new Map<number, number>();
    profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    const byName = new Map<string, number>();
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.replace(/^https?:\/\/[^/]+/, '')}:${lineNumber + 1}`;
      byName.set(key, (byName.get(key) ?? 0) + (selfUs.get(node.id) ?? 0));
    }
    await cdp.detach();
    return [...byName]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([name, us]) => `    ${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`)
      .join('\n');
  };
}

/**
 * QF_NAV_PROFILE=trace: the renderer's main thread from the tap to the next page on screen, its
 * timeline events' own time (style, layout, paint, script…) summed by kind.
 */
async function startTrace(page: Page): Promise<() => Promise<string>> {
  const cdp = await page.context().newCDPSession(page);
  const events: { name: string; ph: string; ts: number; dur?: number; tid: number; pid: number; args?: { name?: string } }[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => void events.push(...(value as unknown as typeof events)));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  const startedUs = (await page.evaluate(() => performance.timeOrigin + performance.now())) * 1000;
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    await cdp.detach();
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const complete = events.filter((e) => e.ph === 'X' && e.dur && (!main || (e.tid === main.tid && e.pid === main.pid))).sort((a, b) => a.ts - b.ts);
    // Each event's own time: its duration less its children's (nested events of the same thread).
    const own = new Map<string, number>();
    const stack: { end: number; name: string }[] = [];
    for (const e of complete) {
      while (stack.length && stack[stack.length - 1]!.end <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) own.set(parent.name, (own.get(parent.name) ?? 0) - e.dur!);
      own.set(e.name, (own.get(e.name) ?? 0) + e.dur!);
      stack.push({ end: e.ts + e.dur!, name: e.name });
    }
    void startedUs;
    return [...own]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([name, us]) => `    ${(us / 1000).toFixed(1).padStart(7)} ms  ${name}`)
      .join('\n');
  };
}

/** A tap on a header control of a fresh page (1 s after load): the time until it has done what it does. */
export async function measureOpen(browser: Browser, siteUrl: string, lang: 'en' | 'ar', scenario: OpenScenario): Promise<number> {
  const { context, page } = await phonePage(browser, true);
  try {
    await page.goto(siteUrl + inLanguage(lang, scenario.from), { waitUntil: 'load' });
    await page.waitForTimeout(1000);
    const box = await page.locator(scenario.control).boundingBox();
    if (!box) throw new Error(`${scenario.control} is not on the page`);
    const tappedAt = performance.now();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const done =
      scenario.done === 'menu'
        ? () => page.evaluate(() => Boolean(document.getElementById('qf-mobile-menu')?.checkVisibility()))
        : () => page.evaluate(() => Boolean(document.activeElement?.closest('#qf-search-panel') && document.activeElement.matches('input')));
    return Math.round((await until(page, done)) - tappedAt);
  } finally {
    await context.close();
  }
}
