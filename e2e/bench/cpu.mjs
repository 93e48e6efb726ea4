// `npm run bench:cpu`: what a page costs in CPU time, per server, over the composed production build.
//
// Throughput on a 2-core machine moves ±5 % from run to run (the load generator shares the cores with
// the six servers); the CPU time each server spends per request moves far less, and says where a change
// in throughput comes from. For each page (English), a fixed number of requests is sent (autocannon,
// --connections, `accept-encoding: br, gzip`) after a warm-up, and each server process's CPU time
// (user + system, from /proc/<pid>/stat, every thread: the event loop, V8's workers that collect garbage
// and compile, libuv's pool) is read before and after:
// - uncached: on a site whose shell keeps no page (`PAGE_CACHE_ENTRIES=0`): every request renders;
// - cached: on the default site, the same URL again and again.
// Prints µs per request per server, the sum, and for the shell its event loop apart from its other
// threads. Linux only (/proc). Exits 2 when the site cannot be measured; it has no bar: it explains.
//
// Options: --pages story,home,… (story,home,event,search), --amount N (8000), --connections N (10),
// --warmup S (3), --json FILE.
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { PAGES, cpuTicks, fail, startBuiltSite } from './site.mjs';

const { values: opts } = parseArgs({
  options: {
    pages: { type: 'string', default: 'story,home,event,search' },
    amount: { type: 'string', default: '8000' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    json: { type: 'string' },
  },
});
const pages = opts.pages.split(',');
for (const name of pages) if (!PAGES[name]) fail(`unknown page ${name}; pages: ${Object.keys(PAGES).join(', ')}`);
const amount = Number(opts.amount);
const connections = Number(opts.connections);
const warmup = Number(opts.warmup);
if (!readdirSync('/proc').length) fail('bench:cpu reads /proc: Linux only');
const TICKS_PER_SECOND = 100;


/** The servers' processes: `[pid, environment]` of every process running a server's build. */
function serverProcesses() {
  const found = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (/dist\/(app|server)\/main\.js/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) found.push([pid, readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')]);
    } catch {
      // a process that ended meanwhile
    }
  }
  return found;
}

/** Each server of the site (by its workspace folder) with its CPU ticks, and the shell's event loop apart. */
function sample(site) {
  // The site's servers are those that read its registry document: the shell's (the one on its port).
  const all = serverProcesses();
  const shell = all.find(([, env]) => env.includes(`PORT=${new URL(site.url).port}`));
  const registry = shell?.[1].find((v) => v.startsWith('REGISTRY='));
  if (!registry) fail(`the shell at ${site.url} was not found in /proc`);
  const out = {};
  for (const [pid, env] of all) {
    try {
      if (!env.includes(registry)) continue;
      const name = path.basename(readlinkSync(`/proc/${pid}/cwd`));
      out[name] = cpuTicks(`/proc/${pid}/stat`);
      if (name === 'shell') out['shell (event loop)'] = cpuTicks(`/proc/${pid}/task/${pid}/stat`);
    } catch {
      // a process that ended meanwhile
    }
  }
  return out;
}

const cannon = (options) =>
  new Promise((resolve, reject) => autocannon({ connections, headers: { 'accept-encoding': 'br, gzip' }, ...options }, (error, result) => (error ? reject(error) : resolve(result))));

async function measure(site, url) {
  await cannon({ url, duration: warmup });
  const before = sample(site);
  const result = await cannon({ url, amount });
  const after = sample(site);
  if (result.non2xx || result.errors) fail(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const perRequest = Object.fromEntries(Object.keys(after).map((k) => [k, (((after[k] - (before[k] ?? 0)) / TICKS_PER_SECOND) * 1e6) / amount]));
  const total = Object.entries(perRequest).filter(([k]) => !k.includes('(')).reduce((n, [, v]) => n + v, 0);
  return { rps: result.requests.average, total, perRequest };
}

const rows = [];
for (const cache of ['uncached', 'cached']) {
  const site = await startBuiltSite(cache === 'uncached' ? { env: { PAGE_CACHE_ENTRIES: '0' } } : {});
  try {
    for (const name of pages) {
      const m = await measure(site, site.url + PAGES[name]);
      rows.push({ page: name, cache, ...m });
      console.log(`${name} ${cache}: ${m.total.toFixed(0)} µs of CPU per request (${Object.entries(m.perRequest).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')})`);
    }
  } finally {
    await site.close();
  }
}
const servers = [...new Set(rows.flatMap((r) => Object.keys(r.perRequest)))];
console.log(`\nbench:cpu: CPU µs per request, ${amount} requests per page after ${warmup} s of warm-up, ${connections} connections, node ${process.version}`);
console.log(`| page | total | ${servers.join(' | ')} |`);
console.log(`|---|---|${servers.map(() => '---').join('|')}|`);
for (const r of rows) console.log(`| ${r.page} ${r.cache} | ${r.total.toFixed(0)} | ${servers.map((s) => (r.perRequest[s] ?? 0).toFixed(0)).join(' | ')} |`);
if (opts.json) writeFileSync(opts.json, JSON.stringify(rows, null, 2));
