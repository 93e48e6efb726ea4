// `npm run bench:ssr`: what the shell's server-side rendering costs under load, over the composed
// production build (`startSite()`: five remote servers and the shell, each in its own process).
//
// For each page, in English and Arabic, three measurements with autocannon (50 connections, keep-alive,
// `accept-encoding: br, gzip` as a browser sends), each after a short warm-up:
// - cached: the same URL again and again, so every request after the warm-up can be a cache hit;
// - static: the very bytes the shell answered for that URL (same status, same headers, same compressed
//   body) served by a bare Node HTTP server in its own process: the floor for those bytes (cached and
//   static alternate, two rounds of half the duration each, so load from elsewhere weighs on both);
// - uncached: the same URL on a second site whose shell keeps no page (`PAGE_CACHE_ENTRIES=0`), so every
//   request goes through the whole miss path: the owner's page resolver (`GET /_qf/page`), the
//   section's render through its federated Node build, the document around it, the embedded state and
//   compression; the path of a page asked once and not kept. (A query string never seen before no longer
//   misses: the shell keys a page by the query parameters its template reads only, issue 37.) The sites
//   run one after the other: an idle second site beside the first cost its cached figures ~10 %
//   (its shell polls its sections). The chrome's parts (header,
//   footer) are rendered once per path and theme and kept (shell/server/document.tsx), as for any page
//   rendered again; the first render ever of a path also renders them (about 0.4 ms more).
//   This is what a page costs when it is rendered again: expired (an events list is kept for minutes),
//   asked with a query string (campaign tags), or after a section's deploy.
// Before the uncached measurements, every page's uncached path runs for the warm-up's length once (the
// JIT's compilation of the render code is start-up work, not a render's cost).
// Ratio = cached req/s / static req/s. Bars (from the performance issue): ratio >= 0.5 (goal 0.8) and
// uncached p99 <= 150 ms (goal 50 ms) on every page; exits 1 above a bar, 2 when the site cannot be
// measured.
//
// Options: --duration S (5, per measurement), --warmup S (1), --connections N (50), --pages home,story,…
// (all), --lang en|ar (both), --json FILE (every figure).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { PAGES, fail, raw, startBuiltSite, targetsOf, warmAnswers } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

export const BARS = { ratio: 0.5, uncachedP99: 150 };
const GOALS = { ratio: 0.8, uncachedP99: 50 };


const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '50' },
    pages: { type: 'string' },
    lang: { type: 'string' },
    json: { type: 'string' },
  },
});
const duration = Number(opts.duration);
const warmup = Number(opts.warmup);
const connections = Number(opts.connections);
const pageNames = opts.pages ? opts.pages.split(',') : Object.keys(PAGES);
for (const name of pageNames) if (!PAGES[name]) fail(`unknown page ${name}; pages: ${Object.keys(PAGES).join(', ')}`);
const langs = opts.lang ? [opts.lang] : ['en', 'ar'];
const ACCEPT = { 'accept-encoding': 'br, gzip' };
/** Headers Node writes itself on every answer (or that describe the connection, not the answer). */
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);



/** The static baseline: a bare Node server in its own process (see static-server.mjs). */
async function staticServer(answers) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qf-bench-ssr-'));
  const file = path.join(dir, 'answers.json');
  writeFileSync(
    file,
    JSON.stringify(
      Object.fromEntries(
        [...answers].map(([p, a]) => [p, { headers: Object.fromEntries(Object.entries(a.headers).filter(([h]) => !HOP_BY_HOP.has(h))), body: a.body.toString('base64') }]),
      ),
    ),
  );
  const child = spawn(process.execPath, [path.join(here, 'static-server.mjs'), file], { stdio: ['pipe', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`static server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, headers: ACCEPT, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** Two measurements as one: requests per second averaged, the worse p99. */
const combine = (list) => ({
  rps: list.reduce((n, m) => n + m.rps, 0) / list.length,
  p50: Math.max(...list.map((m) => m.p50)),
  p99: Math.max(...list.map((m) => m.p99)),
  requests: list.reduce((n, m) => n + m.requests, 0),
  bad: list.reduce((n, m) => n + m.bad, 0),
});

/** Warm-up then measurement. */
async function measure(url, { seconds = duration, warm = true } = {}) {
  if (warm && warmup > 0) await cannon({ url, duration: warmup });
  const r = await cannon({ url, duration: seconds });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    bad: r.non2xx + r.errors + r.timeouts,
  };
}

let running = await startBuiltSite();
let uncachedSite;
let baseline;
try {
  const targets = targetsOf(pageNames, langs);
  // The bytes the bench replays from the static server: each page's answer once it is popular (warmAnswers).
  const answers = await warmAnswers(running.url, targets, raw);
  baseline = await staticServer(answers);
  const started = Date.now();
  // The machine's load when the run starts and ends: other work on it weighs on every figure.
  const loadBefore = os.loadavg();
  const rows = [];
  for (const t of targets) {
    // Cached and static alternate (two rounds of half the duration each), so a machine that gets busier
    // or quieter during the run weighs on both alike.
    const rounds = [];
    for (let round = 0; round < 2; round++) {
      const options = { seconds: duration / 2, warm: round === 0 };
      rounds.push([await measure(running.url + t.path, options), await measure(baseline.url + t.path, options)]);
    }
    const cached = combine(rounds.map((r) => r[0]));
    const floor = combine(rounds.map((r) => r[1]));
    const a = answers.get(t.path);
    rows.push({
      page: `${t.name} ${t.lang}`,
      path: t.path,
      encoding: a.headers['content-encoding'] ?? 'identity',
      kb: a.body.length / 1024,
      cached,
      static: floor,
      ratio: cached.rps / floor.rps,
    });
    console.log(`${t.name} ${t.lang}: cached ${cached.rps.toFixed(0)} req/s, static ${floor.rps.toFixed(0)} req/s (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await baseline.close();
  baseline = undefined;
  await running.close();
  running = undefined;
  uncachedSite = await startBuiltSite({ env: { PAGE_CACHE_ENTRIES: '0' } });
  // The servers as a running site has them: every page's render path once under load (the JIT has
  // compiled it) before anything is measured. Without it, the first page measured paid for the
  // compilation of the code every page shares (home's uncached p99 was twice the next page's).
  for (const t of targets) await measure(uncachedSite.url + t.path, { seconds: warmup, warm: false });
  for (const [i, t] of targets.entries()) {
    const row = rows[i];
    const uncached = await measure(uncachedSite.url + t.path);
    row.uncached = uncached;
    const { cached, static: floor } = row;
    row.over = [
      !(row.ratio >= BARS.ratio) && `cached/static ${row.ratio.toFixed(2)} < ${BARS.ratio}`,
      !(uncached.p99 <= BARS.uncachedP99) && `uncached p99 ${uncached.p99} ms > ${BARS.uncachedP99}`,
      (cached.bad || floor.bad || uncached.bad) && `failed requests (cached ${cached.bad}, static ${floor.bad}, uncached ${uncached.bad})`,
    ].filter(Boolean);
    row.atGoal = row.ratio >= GOALS.ratio && uncached.p99 <= GOALS.uncachedP99;
    console.log(`${row.page}: uncached ${uncached.rps.toFixed(0)} req/s, p99 ${uncached.p99} ms (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }

  const f0 = (x) => x.toFixed(0);
  const load = (l) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(
    `\nbench:ssr: ${connections} connections, ${duration} s per measurement after ${warmup} s of warm-up, accept-encoding "${ACCEPT['accept-encoding']}", node ${process.version}, ${os.cpus().length} CPUs, load average ${load(loadBefore)} before and ${load(os.loadavg())} after (${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
  );
  console.log('| page | body | cached req/s | cached p99 ms | static req/s | static p99 ms | cached / static | uncached req/s | uncached p99 ms | |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.page} | ${r.kb.toFixed(1)} KB ${r.encoding} | ${f0(r.cached.rps)} | ${r.cached.p99} | ${f0(r.static.rps)} | ${r.static.p99} | ${r.ratio.toFixed(2)} | ${f0(r.uncached.rps)} | ${r.uncached.p99} | ${r.over.length ? `over: ${r.over.join('; ')}` : r.atGoal ? 'goal' : 'bar'} |`,
    );
  }
  const minRatio = Math.min(...rows.map((r) => r.ratio));
  const maxP99 = Math.max(...rows.map((r) => r.uncached.p99));
  console.log(`\nlowest cached/static ${minRatio.toFixed(2)} (bar ${BARS.ratio}, goal ${GOALS.ratio}); highest uncached p99 ${maxP99} ms (bar ${BARS.uncachedP99}, goal ${GOALS.uncachedP99})`);
  if (opts.json) writeFileSync(opts.json, JSON.stringify(rows, null, 2));
  const over = rows.filter((r) => r.over.length);
  console.log(over.length ? `${over.length} of ${rows.length} pages above a bar` : 'every page at or under the bars');
  process.exitCode = over.length ? 1 : 0;
} finally {
  await baseline?.close();
  await uncachedSite?.close();
  await running?.close();
}
