// `npm run bench:ab -- --trees A,B`: cached SSR of two checkouts measured side by side, on the same
// machine at the same moments.
//
// Why: on this kind of shared 2-core VM the same build's throughput moves by 30 % and more within
// minutes (bench:ssr's static floor read 6,000 req/s in one run and 12,000 in the next), so two figures
// taken minutes apart cannot say whether a change costs 5 %. Here both composed sites run at once and
// their shells are asked in turn (50 connections, `--seconds` each, the order reversed every round),
// so drift weighs on both alike; each shell's CPU per request (user + system, every thread, /proc) is
// read around each burst. An idle second site costs the measured one a little (its shell polls its
// sections), the same for both sides.
//
// A tree is a checkout with the composed build in place (`node scripts/build.mjs` there), named by its
// path, or by a name under the parent folder of this one (`main`, `base`: `git worktree add ../base
// <commit>` then `npm ci` and the build in it). Its own e2e/bench/site.mjs starts it, so a tree from
// before this script exists works too.
//
// Prints, per page, each tree's median req/s and shell µs per request over the rounds, the ratio to the
// first tree, and in how many rounds it was the faster. No bar: it answers "did this change cost
// throughput", which a single bench:ssr run cannot. Linux only (/proc).
//
// A tree may name settings for every server of its site after `+`: `--trees main,main+LOG_LEVEL=warn`
// measures what the access-log lines cost the same build (each such site is one more composed site).
//
// Options: --trees A,B (required), --pages story,home (any of site.mjs' PAGES), --rounds N (8),
// --seconds S (3), --connections N (50).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { PAGES, cpuTicks, fail, median } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: opts } = parseArgs({
  options: {
    trees: { type: 'string' },
    pages: { type: 'string', default: 'story,home' },
    rounds: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
  },
});
if (!opts.trees) fail('--trees A,B: two checkouts with their build (a path, or a folder name beside this checkout)');
/** Each tree: its checkout, the settings its servers get (`tree+NAME=value+…`), and the name it is shown by. */
const trees = opts.trees.split(',').map((spec) => {
  const [tree = '', ...settings] = spec.split('+');
  const env = Object.fromEntries(
    settings.map((setting) => {
      const at = setting.indexOf('=');
      if (at < 1) fail(`${spec}: settings are NAME=value after +`);
      return [setting.slice(0, at), setting.slice(at + 1)];
    }),
  );
  const dir = tree.includes('/') ? path.resolve(tree) : path.resolve(here, '..', '..', '..', tree);
  return { dir, env, name: [path.basename(dir), ...settings].join('+') };
});
const pages = opts.pages.split(',');
for (const name of pages) if (!PAGES[name]) fail(`unknown page ${name}; pages: ${Object.keys(PAGES).join(', ')}`);
const rounds = Number(opts.rounds);
const seconds = Number(opts.seconds);
const connections = Number(opts.connections);

/** CPU ticks (1/100 s) a process has used, every thread. */
const ticksOf = (pid) => cpuTicks(`/proc/${pid}/stat`);
/** The server process listening on `port` (the shell a site started). */
function pidOfPort(port) {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`PORT=${port}`) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.js')) return Number(pid);
    } catch {
      // a process that ended meanwhile
    }
  }
  return undefined;
}

const burst = (url, duration) =>
  new Promise((resolve, reject) => autocannon({ url, connections, duration, headers: { 'accept-encoding': 'br, gzip' } }, (error, result) => (error ? reject(error) : resolve(result))));

const sites = [];
try {
  for (const tree of trees) {
    const { startBuiltSite } = await import(path.join(tree.dir, 'e2e', 'bench', 'site.mjs'));
    const site = await startBuiltSite(Object.keys(tree.env).length ? { env: tree.env } : {});
    const pid = pidOfPort(new URL(site.url).port);
    if (!pid) throw new Error(`${tree.name}: its shell's process was not found`);
    sites.push({ name: tree.name, site, pid });
  }
  const rows = [];
  for (const page of pages) {
    const runs = sites.map(() => ({ rps: [], us: [], wins: 0, failed: 0 }));
    // Warm: the page kept, its brotli stream made, the JIT done with the path.
    for (const s of sites) await burst(s.site.url + PAGES[page], 2);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...sites.keys()].reverse() : [...sites.keys()];
      const rps = [];
      for (const i of order) {
        const before = ticksOf(sites[i].pid);
        const result = await burst(sites[i].site.url + PAGES[page], seconds);
        runs[i].rps.push(result.requests.average);
        runs[i].us.push(((ticksOf(sites[i].pid) - before) * 10_000) / Math.max(1, result.requests.total));
        runs[i].failed += result.non2xx + result.errors + result.timeouts;
        rps[i] = result.requests.average;
      }
      runs[rps.indexOf(Math.max(...rps))].wins++;
    }
    const first = median(runs[0].rps);
    sites.forEach((s, i) =>
      rows.push(
        `| ${page} | ${s.name} | ${Math.round(median(runs[i].rps))} | ${(median(runs[i].rps) / first).toFixed(2)} | ${Math.round(median(runs[i].us))} | ${runs[i].wins} of ${rounds} | ${runs[i].failed} | ${runs[i].rps.map(Math.round).join(' ')} |`,
      ),
    );
  }
  console.log(`\nbench:ab: cached pages, ${connections} connections, ${rounds} rounds of ${seconds} s per tree, alternated; node ${process.version}`);
  console.log('| page | tree | req/s (median) | / first tree | shell µs per request (median) | faster in | failed | req/s per round |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  for (const s of sites) await s.site.close();
}
