// `npm run bench:content-scale`: the whole composed site (five remote servers and the shell, each in its
// own process: `startSite()`) on generated stores of 1,000, 10,000 and 100,000 entries
// (`npm run content:generate`: the real content, then every listed type in its proportions).
//
// For each store it prints:
// - ready: from the first server's launch until every server answers `/healthz` 200 (mf-content's
//   search index built), the shell started beside the sections, as `npm start` starts them;
// - memory: each server's resident set (VmRSS) after the measurements, its peak (VmHWM), and its
//   JavaScript heap in use (`nodejs_heap_size_used_bytes` from its metrics: what its data takes, without
//   the heap V8 keeps after a peak, which made the resident set of a server move either way);
// - SSR p99 of a story, a list (`/stories`) and the search page, in English, cached (the same URL again
//   and again) and uncached (a second shell over the same sections that keeps no page,
//   `PAGE_CACHE_ENTRIES=0`), autocannon with 50 connections after a warm-up;
// - search p95: `GET /api/content/search` through the shell, 200 queries of one or two words from
//   the content's own titles, four at a time;
// - the sitemap: the index and each file, its URLs and bytes (the protocol: at most 50,000 URLs and
//   50 MB a file);
// - a publish: a story's title edited in its file (once in the real content's small file, once in the
//   generated stories' file, the store's largest), then the time until the site serves the new title
//   on the story page and in search (each asked every 100 ms through the shell).
// Then the growth of each figure from the smallest store to the largest, and the bars of issue 35:
// the site starts on the largest; ready within 60 s there; each publish within 5 s; uncached p99 there within 2x of the smallest
// (goal 1.2x); each server's memory at most linear in the entries (the heap a further entry takes from
// the middle store to the largest at most twice what it took from the smallest to the middle, give or
// take 1 KB); every sitemap file within
// the protocol. Exits 1 above a bar, 2 when the site cannot be measured.
//
// Options: --sizes 1000,10000,100000, --duration S (5, per measurement), --warmup S (1),
// --connections N (50), --keep (leave the generated stores in the temporary folder), --json FILE.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { fail, PAGES, raw, warmAnswers } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..', '..');
const require = createRequire(import.meta.url);

export const BARS = { publishMs: 5000, readyMs: 60_000, uncachedGrowth: 2, memorySlopeGrowth: 2, sitemapUrls: 50_000, sitemapBytes: 50 * 1024 * 1024 };
const GOALS = { uncachedGrowth: 1.2 };

const { values: opts } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});
const sizes = opts.sizes.split(',').map(Number);
if (sizes.length < 2 || sizes.some((n) => !Number.isInteger(n) || n < 500)) fail('--sizes: at least two whole numbers of entries, each 500 or more');
const duration = Number(opts.duration);
const warmup = Number(opts.warmup);
const connections = Number(opts.connections);
const ACCEPT = { 'accept-encoding': 'br, gzip' };
const MEASURED = { story: PAGES.story, list: PAGES.stories, search: PAGES.search };

function cannon(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers: ACCEPT }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function measure(url) {
  if (warmup > 0) await new Promise((resolve, reject) => autocannon({ url, connections, duration: warmup, headers: ACCEPT }, (e, r) => (e ? reject(e) : resolve(r))));
  const r = await cannon(url);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.total, bad: r.non2xx + r.errors + r.timeouts };
}

/** VmRSS and VmHWM of a process, and its JavaScript heap in use (from its metrics), in MB. */
async function memoryOf(pid, metricsUrl) {
  let rss = NaN;
  let peak = NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
    rss = kb('VmRSS') / 1024;
    peak = kb('VmHWM') / 1024;
  } catch {
    // gone: NaN says so
  }
  const metrics = metricsUrl ? await fetch(metricsUrl).then((r) => r.text(), () => '') : '';
  const heap = Number(/^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)$/m.exec(metrics)?.[1] ?? NaN) / 1024 / 1024;
  return { rss, peak, heap };
}

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** One or two words of the content's own titles, as visitors type them. */
function queriesOf(contentDir) {
  const dir = path.join(contentDir, 'entries');
  const titles = [];
  for (const file of ['article.json', 'program.json', 'place.json', 'entity.json']) {
    try {
      for (const e of JSON.parse(readFileSync(path.join(dir, file), 'utf8'))) {
        const title = e.fields?.title;
        if (title?.['en-US']) titles.push(['en', title['en-US']]);
        if (title?.['ar-QA']) titles.push(['ar', title['ar-QA']]);
      }
    } catch {
      // a store without that file: the others give enough
    }
  }
  const out = [];
  for (let i = 0; out.length < 200 && titles.length; i++) {
    const [lang, title] = titles[(i * 7919) % titles.length];
    const words = title.split(/\s+/).filter((w) => w.length > 3);
    if (!words.length) continue;
    out.push([lang, words.slice(i % words.length, (i % words.length) + 1 + (i % 2)).join(' ')]);
  }
  return out;
}

async function searchTimes(siteUrl, queries) {
  const times = [];
  let bad = 0;
  let next = 0;
  const worker = async () => {
    while (next < queries.length) {
      const [lang, q] = queries[next++];
      const started = performance.now();
      const res = await fetch(`${siteUrl}/api/content/search?q=${encodeURIComponent(q)}&lang=${lang}`);
      await res.arrayBuffer();
      times.push(performance.now() - started);
      if (!res.ok) bad++;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { p50: percentile(times, 50), p95: percentile(times, 95), bad };
}

async function sitemapFiles(siteUrl) {
  const index = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
  const locs = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const files = [];
  for (const loc of index.includes('<sitemapindex') ? locs : []) {
    const file = new URL(loc);
    const res = await fetch(`${siteUrl}${file.pathname}`);
    const body = Buffer.from(await res.arrayBuffer());
    files.push({ path: file.pathname, status: res.status, urls: (body.toString('utf8').match(/<url>/g) ?? []).length, bytes: body.length, lastmod: res.headers.get('last-modified') });
  }
  if (!index.includes('<sitemapindex')) files.push({ path: '/sitemap.xml', status: 200, urls: locs.length, bytes: Buffer.byteLength(index), lastmod: null });
  return files;
}

/** Calls `check` every 100 ms until it holds; the milliseconds it took from `since` (Infinity after `limitMs`). */
async function until(since, limitMs, check) {
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - since;
    if (performance.now() - since > limitMs) return Infinity;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * An editor's publish: the first story of `file` gets a new title (a word no entry has); the time until
 * the site serves it as the story page's h1 and in search results.
 */
async function publish(siteUrl, contentDir, file) {
  const where = path.join(contentDir, 'entries', file);
  const entries = JSON.parse(readFileSync(where, 'utf8'));
  const story = entries.find((e) => e.sys.contentType === 'article');
  const word = `Zephyr${Date.now().toString(36)}`;
  const title = `${word} garden opens by the commons`;
  story.fields.title = { 'en-US': title, 'ar-QA': `حديقة ${word}` };
  const url = `${siteUrl}/stories/${story.fields.slug['en-US']}`;
  writeFileSync(where, JSON.stringify(entries));
  const since = performance.now();
  const [pageMs, searchMs] = await Promise.all([
    until(since, 60_000, async () => /<h1[^>]*>([^<]*)<\/h1>/.exec(await (await fetch(url)).text())?.[1] === title),
    until(since, 60_000, async () => (await (await fetch(`${siteUrl}/api/content/search?lang=en&q=${word}`)).json()).items.some((i) => i.title === title)),
  ]);
  return { file, entries: entries.length, pageMs, searchMs };
}

const SERVERS = ['shell', 'mf-content', 'mf-events', 'mf-media-center', 'mf-idkt', 'mf-forms'];

async function measureStore(entries, work) {
  const { generate } = require(path.join(root, 'shared', 'scripts', 'generate-content.ts'));
  const contentDir = path.join(work, `content-${entries}`);
  const made = await generate(entries, contentDir, path.join(root, 'content'));
  console.log(`\n${entries} entries (${made.real} real, ${made.generated} generated) in ${contentDir}`);
  const { startSite } = require(path.join(here, '..', 'site.ts'));
  const started = performance.now();
  let site;
  try {
    site = await startSite({ contentDir, readyTimeoutMs: 600_000, env: { LOG_LEVEL: 'warn' } });
  } catch (error) {
    return { entries, started: false, error: String(error).split('\n')[0] };
  }
  const readyMs = performance.now() - started;
  console.log(`  ready in ${(readyMs / 1000).toFixed(1)} s`);
  const result = { entries, started: true, readyMs, pages: {}, memory: {} };
  let plain;
  try {
    plain = await site.addShell({ PAGE_CACHE_ENTRIES: '0' });
    // Each page asked until it is answered as a popular page is (kept, its brotli made), as bench:ssr does.
    await warmAnswers(site.url, Object.values(MEASURED).map((p) => ({ path: p })), raw);
    for (const [name, page] of Object.entries(MEASURED)) {
      const cached = await measure(site.url + page);
      const uncached = await measure(plain.url + page);
      result.pages[name] = { path: page, cached, uncached };
      console.log(`  ${name.padEnd(7)} ${page}: cached p99 ${cached.p99} ms (${Math.round(cached.rps)} req/s), uncached p99 ${uncached.p99} ms (${Math.round(uncached.rps)} req/s)${cached.bad + uncached.bad ? `, ${cached.bad + uncached.bad} not 2xx` : ''}`);
    }
    result.search = await searchTimes(site.url, queriesOf(contentDir));
    console.log(`  search: p50 ${result.search.p50.toFixed(1)} ms, p95 ${result.search.p95.toFixed(1)} ms${result.search.bad ? `, ${result.search.bad} not 2xx` : ''}`);
    result.sitemaps = await sitemapFiles(site.url);
    console.log(`  sitemap: ${result.sitemaps.length} files, ${result.sitemaps.reduce((n, f) => n + f.urls, 0)} URLs, largest ${Math.max(...result.sitemaps.map((f) => f.urls))} URLs / ${(Math.max(...result.sitemaps.map((f) => f.bytes)) / 1024).toFixed(0)} KB`);
    for (const name of SERVERS) result.memory[name] = await memoryOf(site.pid(name), site.metrics[name]);
    console.log(`  memory (MB, resident / peak / JS heap in use): ${SERVERS.map((n) => `${n} ${Math.round(result.memory[n].rss)} / ${Math.round(result.memory[n].peak)} / ${Math.round(result.memory[n].heap)}`).join(', ')}`);
    result.publish = [];
    for (const file of ['article.json', 'generated-article.json']) {
      const done = await publish(site.url, contentDir, file);
      result.publish.push(done);
      console.log(`  publish in ${file} (${done.entries} entries): page ${Math.round(done.pageMs)} ms, search ${Math.round(done.searchMs)} ms`);
    }
  } finally {
    await plain?.close();
    await site.close();
    if (!opts.keep) rmSync(contentDir, { recursive: true, force: true });
  }
  return result;
}

const { build, isBuilt, prepareContent, remotes, shell } = await import('../../scripts/workspaces.mjs');
if ((await prepareContent()) !== 0) fail('content images could not be prepared');
const missing = [...remotes.map((r) => r.name), shell.name].filter((n) => !isBuilt(n));
if (missing.length && (await build(missing)).failures.length) fail('the build failed');
require(path.join(root, 'scripts', 'ts-register.cjs'));

const work = mkdtempSync(path.join(os.tmpdir(), 'qf-bench-scale-'));
const results = [];
try {
  for (const entries of sizes) results.push(await measureStore(entries, work));
} finally {
  if (!opts.keep) rmSync(work, { recursive: true, force: true });
}

const [small, middle, large] = [results[0], results[Math.floor((results.length - 1) / 2)], results.at(-1)];
const misses = [];
console.log(`\nGrowth from ${small.entries} to ${large.entries} entries (${(large.entries / small.entries).toFixed(0)}x the entries):`);
if (!large.started) misses.push(`the site did not start at ${large.entries} entries: ${large.error}`);
if (small.started && large.started) {
  console.log(`  ready ${(small.readyMs / 1000).toFixed(1)} -> ${(large.readyMs / 1000).toFixed(1)} s (${(large.readyMs / small.readyMs).toFixed(1)}x)`);
  if (large.readyMs > BARS.readyMs) misses.push(`ready in ${(large.readyMs / 1000).toFixed(1)} s at ${large.entries} entries (bar ${BARS.readyMs / 1000} s)`);
  for (const name of Object.keys(MEASURED)) {
    const [a, b] = [small.pages[name], large.pages[name]];
    const growth = b.uncached.p99 / a.uncached.p99;
    console.log(`  ${name}: uncached p99 ${a.uncached.p99} -> ${b.uncached.p99} ms (${growth.toFixed(2)}x, bar ${BARS.uncachedGrowth}x, goal ${GOALS.uncachedGrowth}x); cached p99 ${a.cached.p99} -> ${b.cached.p99} ms`);
    if (growth > BARS.uncachedGrowth) misses.push(`${name} uncached p99 grew ${growth.toFixed(2)}x (bar ${BARS.uncachedGrowth}x)`);
  }
  console.log(`  search p95 ${small.search.p95.toFixed(1)} -> ${large.search.p95.toFixed(1)} ms`);
  for (const name of SERVERS) {
    const perEntry = (a, b, key) => ((b.memory[name][key] - a.memory[name][key]) * 1024 * 1024) / (b.entries - a.entries);
    const first = perEntry(small, middle, 'heap');
    const second = perEntry(middle, large, 'heap');
    const steps = middle !== small && middle !== large ? ` (${(first / 1024).toFixed(1)} KB from ${small.entries} to ${middle.entries}, ${(second / 1024).toFixed(1)} KB from ${middle.entries} to ${large.entries})` : '';
    console.log(`  ${name}: resident ${Math.round(small.memory[name].rss)} -> ${Math.round(large.memory[name].rss)} MB (${(perEntry(small, large, 'rss') / 1024).toFixed(1)} KB per entry), JS heap ${Math.round(small.memory[name].heap)} -> ${Math.round(large.memory[name].heap)} MB (${(perEntry(small, large, 'heap') / 1024).toFixed(1)} KB per entry${steps})`);
    // Linear: the heap a further entry takes does not grow with the store (within 2x, give or take 1 KB).
    if (middle !== small && middle !== large && second > BARS.memorySlopeGrowth * Math.max(first, 0) + 1024) misses.push(`${name} memory grows faster than the entries: ${(second / 1024).toFixed(1)} KB of heap per entry above ${middle.entries}, ${(first / 1024).toFixed(1)} KB below`);
  }
}
for (const r of results.filter((x) => x.started)) {
  for (const p of r.publish) if (Math.max(p.pageMs, p.searchMs) > BARS.publishMs) misses.push(`${r.entries} entries: a publish in ${p.file} reached the page in ${Math.round(p.pageMs)} ms, search in ${Math.round(p.searchMs)} ms (bar ${BARS.publishMs} ms)`);
  for (const f of r.sitemaps) {
    if (f.status !== 200) misses.push(`${r.entries} entries: ${f.path} answered ${f.status}`);
    if (f.urls > BARS.sitemapUrls || f.bytes > BARS.sitemapBytes) misses.push(`${r.entries} entries: ${f.path} has ${f.urls} URLs, ${f.bytes} bytes (the protocol: ${BARS.sitemapUrls}, 50 MB)`);
  }
}
if (opts.json) writeFileSync(opts.json, JSON.stringify({ bars: BARS, results }, null, 2));
console.log(misses.length ? `\nOver a bar (${misses.length}):\n${misses.map((m) => `- ${m}`).join('\n')}` : '\nEvery figure at or under its bar.');
process.exit(misses.length ? 1 : 0);
