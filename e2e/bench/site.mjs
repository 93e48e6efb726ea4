// What the benchmarks share: the pages they measure and the composed production build they measure it on.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

/** One page per template (the English path; the Arabic one is `/ar` + it). */
export const PAGES = {
  home: '/',
  area: '/education',
  story: '/stories/education-city-stadium-opens-gates-world-cup-fans',
  stories: '/stories',
  events: '/events',
  event: '/events/water-security-arid-regions-conference-2027',
  expert: '/media-center/experts/noor-al-mansoori',
  idkt: '/idkt',
  search: '/search',
};

/** One answer as the wire carries it (asked as a browser asks: br, gzip): status, headers and the (compressed) body bytes. */
export function raw(url) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** CPU ticks (1/100 s, user + system) a process or thread has used, from its `/proc/…/stat` file (Linux). */
export const cpuTicks = (statFile) => {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** The median of the finite numbers in `xs` (NaN when there are none). */
export const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** One of the project's npm scripts against the release store `store`, as ops run it: `{ code, stdout, stderr, ms }`. */
export function npmIn(store, args, env = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', ...args], { cwd: path.resolve(here, '..', '..'), env: { ...process.env, RELEASES_DIR: store, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

/** A second release of mf-events in `store`, made as its team would (the same code, another hash salt: other files, another build id); its folder name. */
export async function saltedRelease(store, work) {
  const salted = await npmIn(store, ['release', '-w', 'mf-events'], { QF_DIST_DIR: path.join(work, 'salted', 'mf-events', 'dist'), QF_HASH_SALT: `bench-${Date.now()}` });
  const release = /^released mf-events@(\S+):/m.exec(salted.stdout)?.[1];
  if (salted.code !== 0 || !release) throw new Error(`the second release failed:\n${salted.stdout.slice(-2000)}${salted.stderr.slice(-2000)}`);
  return release;
}

/** Stops a server a bench started (SIGTERM), waiting at most `ms` for it to exit. */
export async function stopChild(child, ms = 30_000) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, ms))]);
}

/** A benchmark that cannot run says why and exits 2 (1 means "ran, and a bar was missed"). */
export function fail(message) {
  console.error(message);
  process.exit(2);
}

/** The composed production build (built where missing) started on free ports: `{ url, close }` (`options`: startSite's). */
export async function startBuiltSite(options = {}) {
  const { build, isBuilt, prepareContent, remotes, shell } = await import('../../scripts/workspaces.mjs');
  if ((await prepareContent()) !== 0) fail('content images could not be prepared');
  const missing = [...remotes.map((r) => r.name), shell.name].filter((n) => !isBuilt(n));
  if (missing.length && (await build(missing)).failures.length) fail('the build failed');
  require('../../scripts/ts-register.cjs');
  const { startSite } = require(path.join(here, '..', 'site.ts'));
  // The servers' access lines go to files, as a log collector keeps them, not through pipes to this
  // process, which is the load generator (e2e/site.ts logsToFiles).
  return startSite({ logsToFiles: true, ...options });
}

/** The measured pages of `names` in `langs`: `{ name, lang, path }`, English then Arabic per page. */
export const targetsOf = (names, langs) => names.flatMap((name) => langs.map((lang) => ({ name, lang, path: lang === 'en' ? PAGES[name] : `/ar${PAGES[name] === '/' ? '' : PAGES[name]}` })));

/** How often a kept page is asked before it is answered as a popular page is (shell page-cache.ts: a render, then BROTLI_AFTER answers). */
const ASKS_TO_POPULAR = 5;

/**
 * Each target asked with `get` until it is answered as a visitor of a popular page gets it (the first
 * ask fills the site's caches, the next ones are compressed per answer until the page proves popular,
 * then its brotli stream is made in the shell's queue): the answer by path, once two in a row have the
 * same encoding and length (a raw answer: `{ status, headers, body }`), or after 10 s. A page that does
 * not answer 200 stops the benchmark.
 */
export async function warmAnswers(siteUrl, targets, get) {
  const answers = new Map();
  // A fetch Response (its body a stream, not bytes): taken after the asks, as it is decoded anyway.
  const steady = (a, b) => !Buffer.isBuffer(b.body) || (a.headers?.['content-encoding'] === b.headers?.['content-encoding'] && a.body.length === b.body.length && b.headers?.['content-encoding'] === 'br');
  for (const t of targets) {
    let answer;
    for (let i = 0; i < ASKS_TO_POPULAR; i++) answer = await get(siteUrl + t.path);
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const next = await get(siteUrl + t.path);
      const done = steady(answer, next);
      answer = next;
      if (done) break;
    }
    if (answer.status !== 200) fail(`${t.path} answered ${answer.status}`);
    answers.set(t.path, answer);
  }
  return answers;
}
