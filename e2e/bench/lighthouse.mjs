// `npm run bench:lighthouse`: what a visitor on a phone feels, measured by Lighthouse (mobile defaults:
// simulated slow 4G and a 4x slower CPU) in Debian's Chromium, over the composed production build.
//
// Every page is measured next to its no-JavaScript floor: the very HTML the server sent for it, with
// every script removed, served from the same kind of origin with the page's own security headers and
// the same content encoding (brotli), so the two differ only by their scripts. The floor is the best
// that page could do with its HTML and CSS as they are; the ratio page / floor is the price of our
// JavaScript, and the floor's own TBT is what the document alone costs on this machine. Pages and
// floors are alternated in one run (so a busy machine slows both alike), one discarded pair first
// warms Chromium (its first navigation is always the slowest), and each figure is the median of the runs.
//
// Options: --runs N (3), --pages home,story,… (all), --lang en|ar (both), --url http://… (measure a
// site that is already running instead of starting one), --json FILE (write every run).
// The HTML KB column is the page's document as transferred (headers included).
// Exits 1 when a page is above a bar of the performance issue, 2 when the site cannot be measured.
import { createServer, request as httpRequest } from 'node:http';
import { existsSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { PAGES, fail, median, startBuiltSite, targetsOf, warmAnswers } from './site.mjs';


/** The bars (a page above any of them fails the run) and the goals, from the performance issue. */
export const BARS = { score: 95, lcpRatio: 1.2, tbt: 150, cls: 0.02 };
const GOALS = { score: 100, lcpRatio: 1.05, tbt: 50, cls: 0 };


const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
    lang: { type: 'string' },
    url: { type: 'string' },
    json: { type: 'string' },
  },
});
const runs = Number(opts.runs);
const pageNames = opts.pages ? opts.pages.split(',') : Object.keys(PAGES);
for (const name of pageNames) if (!PAGES[name]) fail(`unknown page ${name}; pages: ${Object.keys(PAGES).join(', ')}`);
const langs = opts.lang ? [opts.lang] : ['en', 'ar'];
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromePath)) fail(`Chromium is not installed at ${chromePath}: run 'npm test -w e2e' once as root (it installs Debian's package) or set CHROMIUM_PATH`);


/** The site: the one at --url, or the composed production build started on free ports. */
async function site() {
  if (opts.url) return { url: opts.url.replace(/\/$/, ''), close: async () => undefined };
  return startBuiltSite();
}

const withoutScripts = (html) =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="(?:preload|modulepreload)"[^>]*\bas="script"[^>]*>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '');

/** The headers of a page's answer that change how Chromium commits and renders it, copied to its floor. */
const FLOOR_HEADERS = ['content-security-policy', 'cross-origin-opener-policy', 'permissions-policy', 'referrer-policy', 'x-content-type-options', 'x-frame-options'];

/**
 * The floors: a server on its own port that answers each measured path with the stored script-free
 * copy of its HTML (with the page's headers, brotli-encoded when asked for, as the shell answers) and
 * passes everything else (stylesheets, images, fonts) through to the site, so the floor loads the
 * same resources from the same kind of origin.
 */
async function floorServer(target, floors) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const floor = floors.get(req.url);
    if (floor !== undefined) {
      const br = /\bbr\b/.test(req.headers['accept-encoding'] ?? '');
      res.writeHead(200, { ...floor.headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', vary: 'Accept-Encoding', ...(br ? { 'content-encoding': 'br' } : {}) });
      return res.end(br ? floor.br : floor.html);
    }
    const proxied = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    proxied.on('error', () => res.writeHead(502).end());
    req.pipe(proxied);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const documentRequest = requests.find((r) => r.resourceType === 'Document');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsKb: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    jsRequests: scripts.length,
    // The HTML as sent, headers included: past ~14.6 KB (TCP's first window) it costs a round trip more.
    htmlKb: (documentRequest?.transferSize ?? NaN) / 1024,
    requests: requests.length,
    // What moved, and Lighthouse's guess at why (in --json only): a CLS above 0 says where to look.
    shifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      score: item.score,
      node: item.node?.selector ?? item.node?.nodeLabel,
      snippet: item.node?.snippet,
      causes: (item.subItems?.items ?? []).map((cause) => cause.cause ?? cause.extra?.value ?? cause.extra?.url).filter(Boolean),
    })),
    runtimeError: lhr.runtimeError?.message,
  };
}

const running = await site();
let floors;
let chrome;
try {
  const targets = targetsOf(pageNames, langs);
  const html = new Map();
  for (const [path, res] of await warmAnswers(running.url, targets, fetch)) {
    const floor = withoutScripts(await res.text());
    const headers = Object.fromEntries(FLOOR_HEADERS.filter((h) => res.headers.has(h)).map((h) => [h, res.headers.get(h)]));
    html.set(path, { html: floor, br: brotliCompressSync(floor), headers });
  }
  floors = await floorServer(running.url, html);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  /**
   * Every run is a first visit. Lighthouse 12+ keeps an origin's cookies and local storage between runs
   * (it clears caches only): every run after the first on the site's origin was a visitor who had been
   * there (the theme cookie the pre-paint script writes), asking for another cached page than the one
   * warmed (the theme is part of the page's key) with storage emptied as no returning browser has it.
   */
  const RUN = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    clearStorageTypes: ['cookies', 'local_storage', 'indexeddb', 'websql', 'file_systems', 'shader_cache', 'service_workers', 'cache_storage'],
  };
  const results = new Map(targets.map((t) => [t.path, { page: [], floor: [] }]));
  const started = Date.now();
  for (const url of [running.url + targets[0].path, floors.url + targets[0].path]) await lighthouse(url, RUN);
  console.log(`warm-up pair done (${((Date.now() - started) / 1000).toFixed(0)} s), not counted`);
  for (let run = 1; run <= runs; run++) {
    for (const t of targets) {
      for (const kind of ['page', 'floor']) {
        const url = (kind === 'page' ? running.url : floors.url) + t.path;
        const answer = await lighthouse(url, RUN);
        const f = figures(answer.lhr);
        if (f.runtimeError) console.warn(`run ${run} ${kind} ${t.path}: ${f.runtimeError}`);
        results.get(t.path)[kind].push(f);
      }
    }
    console.log(`run ${run} of ${runs} done (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }

  const rows = targets.map((t) => {
    const r = results.get(t.path);
    const m = (kind, key) => median(r[kind].map((f) => f[key]));
    const row = {
      page: `${t.name} ${t.lang}`,
      path: t.path,
      score: m('page', 'score'),
      lcp: m('page', 'lcp'),
      tbt: m('page', 'tbt'),
      cls: m('page', 'cls'),
      jsKb: m('page', 'jsKb'),
      jsRequests: m('page', 'jsRequests'),
      htmlKb: m('page', 'htmlKb'),
      floorScore: m('floor', 'score'),
      floorLcp: m('floor', 'lcp'),
      floorTbt: m('floor', 'tbt'),
    };
    row.lcpRatio = row.lcp / row.floorLcp;
    row.over = [
      row.score < BARS.score && `score ${row.score} < ${BARS.score}`,
      !(row.lcpRatio <= BARS.lcpRatio) && `LCP/floor ${row.lcpRatio.toFixed(2)} > ${BARS.lcpRatio}`,
      !(row.tbt <= BARS.tbt) && `TBT ${row.tbt.toFixed(0)} ms > ${BARS.tbt}`,
      !(row.cls <= BARS.cls) && `CLS ${row.cls.toFixed(3)} > ${BARS.cls}`,
    ].filter(Boolean);
    row.atGoal = row.score >= GOALS.score && row.lcpRatio <= GOALS.lcpRatio && row.tbt <= GOALS.tbt && row.cls <= GOALS.cls;
    return { row, all: r };
  });

  console.log(`\nLighthouse ${rows.length ? '13.5' : ''} mobile (simulated throttling), Debian Chromium, median of ${runs} run(s), page and floor alternated\n`);
  console.log('| page | score | LCP ms | TBT ms | CLS | JS KB | JS req | HTML KB | floor score | floor LCP ms | floor TBT ms | LCP / floor | |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const { row } of rows) {
    console.log(
      `| ${row.page} | ${row.score} | ${row.lcp.toFixed(0)} | ${row.tbt.toFixed(0)} | ${row.cls.toFixed(3)} | ${row.jsKb.toFixed(1)} | ${row.jsRequests} | ${row.htmlKb.toFixed(1)} | ${row.floorScore} | ${row.floorLcp.toFixed(0)} | ${row.floorTbt.toFixed(0)} | ${row.lcpRatio.toFixed(2)} | ${row.over.length ? `over: ${row.over.join('; ')}` : row.atGoal ? 'goal' : 'bar'} |`,
    );
  }
  if (opts.json) writeFileSync(opts.json, JSON.stringify(rows, null, 2));
  const over = rows.filter(({ row }) => row.over.length);
  console.log(over.length ? `\n${over.length} of ${rows.length} pages above a bar (${JSON.stringify(BARS)})` : `\nevery page at or under the bars (${JSON.stringify(BARS)})`);
  process.exitCode = over.length ? 1 : 0;
} finally {
  await chrome?.kill();
  await floors?.close();
  await running.close();
}
