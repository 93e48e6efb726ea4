// `npm run bench:flood`: what a flood of fresh cache keys costs other visitors (issue 37, H1).
//
// Over the composed production build (`startSite()`), a victim asks a cached story page (autocannon,
// 50 connections, `accept-encoding: br, gzip`, as browsers) while an attacker on 4 connections asks a
// query key never seen before, each one several times in a row so that it is kept and its brotli stream
// asked for (a compressing client: `br`). Three phases of --duration seconds each, after a warm-up:
// - baseline: the victim alone;
// - unkeyed: the attacker's keys are a parameter no page reads (`/stories/<slug>?x=<n>`, the finding's
//   curl loop): each is the cached page itself;
// - keyed: the keys are a parameter the page reads (`/stories?tag=<n>`: an unknown tag is a page that
//   says so), so each is a page rendered, kept from its second ask, packaged (gzip pieces, its brotli
//   stream queued) from its fifth (page-cache.ts, BROTLI_AFTER), and answered from the pieces at its sixth.
// It prints the victim's p50/p99 per phase and the ratio to the baseline (bar: p99 within 2x), the
// attacker's req/s, and from the shell's metrics its resident memory and what its brotli queue did.
// Exits 1 above the bar, 2 when the site cannot be measured.
//
// Options: --duration S (10), --warmup S (2), --connections N (victim, 50), --attackers N (4), --asks N (6).
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { fail, PAGES, startBuiltSite } from './site.mjs';

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    attackers: { type: 'string', default: '4' },
    asks: { type: 'string', default: '6' },
  },
});
const duration = Number(opts.duration);
const warmup = Number(opts.warmup);
const connections = Number(opts.connections);
const attackers = Number(opts.attackers);
const asks = Number(opts.asks);
const BAR = 2;
const ACCEPT = { 'accept-encoding': 'br, gzip' };

function cannon(options) {
  return new Promise((resolve, reject) => autocannon({ headers: ACCEPT, ...options }, (error, result) => (error ? reject(error) : resolve(result))));
}

/**
 * The attacker: each connection asks a key never seen before (`keyOf(k)`) `asks` times in a row, then
 * the next, for `seconds` (asked at once from several connections, one key would share one render).
 */
function attack(url, keyOf, seconds) {
  const run = Math.random().toString(36).slice(2, 8);
  let next = 0;
  // A connection goes through the list in order and starts a fresh context at its first entry: the
  // first entry picks a new key, the others ask it again.
  return cannon({
    url,
    connections: attackers,
    duration: seconds,
    requests: Array.from({ length: asks }, (_, i) => ({
      setupRequest: (req, context) => {
        if (i === 0) context.key = `${run}-${next++}`;
        return { ...req, path: keyOf(context.key) };
      },
    })),
  });
}

/** The shell's metric samples whose line starts with `name` (`name{labels} value`), as numbers by line. */
async function shellMetric(site, name) {
  const text = await (await fetch(site.metrics.shell)).text();
  return Object.fromEntries(
    text
      .split('\n')
      .filter((l) => l.startsWith(name))
      .map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1))]),
  );
}
const rssMb = async (site) => (Object.values(await shellMetric(site, 'process_resident_memory_bytes'))[0] ?? NaN) / 1024 / 1024;

const site = await startBuiltSite();
let status = 0;
try {
  const victim = site.url + PAGES.story;
  for (let i = 0; i < 2; i++) if ((await fetch(victim)).status !== 200) fail(`${PAGES.story} did not answer 200`);
  const phases = [
    { name: 'baseline' },
    { name: 'unkeyed', keyOf: (k) => `${PAGES.story}?x=${k}` },
    { name: 'keyed', keyOf: (k) => `${PAGES.stories}?tag=flood-${k}` },
  ];
  const rows = [];
  for (const phase of phases) {
    if (warmup > 0) await Promise.all([cannon({ url: victim, connections, duration: warmup }), phase.keyOf && attack(site.url, phase.keyOf, warmup)]);
    const rssBefore = await rssMb(site);
    const [v, a] = await Promise.all([cannon({ url: victim, connections, duration }), phase.keyOf ? attack(site.url, phase.keyOf, duration) : undefined]);
    const row = {
      phase: phase.name,
      p50: v.latency.p50,
      p99: v.latency.p99,
      rps: v.requests.average,
      bad: v.non2xx + v.errors + v.timeouts,
      attackRps: a ? a.requests.average : 0,
      attackBad: a ? a.non2xx + a.errors + a.timeouts : 0,
      rssBefore,
      rssAfter: await rssMb(site),
    };
    rows.push(row);
    console.log(`${phase.name}: victim p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.rps.toFixed(0)} req/s; attacker ${row.attackRps.toFixed(0)} req/s; shell ${row.rssBefore.toFixed(0)} -> ${row.rssAfter.toFixed(0)} MB`);
  }
  const brotli = await shellMetric(site, 'qf_page_brotli_total');
  const base = rows[0];
  console.log(`\nbench:flood: victim ${connections} connections on ${PAGES.story}, attacker ${attackers} connections asking each key ${asks} times, ${duration} s per phase`);
  console.log('| phase | victim p50 ms | victim p99 ms | p99 / baseline | victim req/s | attacker req/s | shell MB before → after | |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const ratio = r.p99 / base.p99;
    const over = r.phase !== 'baseline' && !(ratio <= BAR);
    if (over || r.bad) status = 1;
    console.log(`| ${r.phase} | ${r.p50} | ${r.p99} | ${ratio.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.attackRps.toFixed(0)} | ${r.rssBefore.toFixed(0)} → ${r.rssAfter.toFixed(0)} | ${over ? `over ${BAR}x` : r.bad ? `${r.bad} failed` : ''} |`);
  }
  console.log(`\nbrotli streams (qf_page_brotli_total): ${Object.entries(brotli).map(([k, v]) => `${/outcome="(\w+)"/.exec(k)?.[1]} ${v}`).join(', ') || 'none'}`);
  console.log(status ? 'above the bar' : `every phase within ${BAR}x of the baseline p99`);
} finally {
  await site.close();
}
process.exit(status);
