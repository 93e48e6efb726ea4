// `npm run bench:navigation`: tap to content on a phone (issue 34). Lighthouse's mobile emulation:
// every request of the browser through a proxy with a 150 ms round trip, 1.6 Mbps down and 750 kbps
// up (e2e/throttle.ts), and a CPU 4x slower than this machine (CDP). Each tap on a fresh phone (no cache),
// --runs times (5), in English and Arabic, next to its floor: the same tap on the same site with
// JavaScript off (a plain link); taps and floors alternate, so a busy machine slows both alike. The
// figure is the median of tap / floor per scenario; the header's taps (menu, search) are held to a
// time. Prints the table and what the prefetch fetched before the tap; exits 1 above a bar.
//
// Options: --runs N (5), --lang en|ar (both), --only <words of a scenario's name>, --json FILE.
// QF_NAV_DEBUG=1 prints what the browser asked for after each tap (the critical path) and keeps a
// screenshot of a tap that showed nothing within 30 s (/tmp/nav-timeout-*.png).
// QF_NAV_PROFILE=1 prints where the page's main thread spent a tap (JavaScript self time by function),
// QF_NAV_PROFILE=trace the same by kind of work (script, style, layout, paint).
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, startBuiltSite } from './site.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const { values: opts } = parseArgs({ options: { runs: { type: 'string', default: '5' }, lang: { type: 'string' }, only: { type: 'string' }, json: { type: 'string' } } });
const runs = Number(opts.runs);
const langs = opts.lang ? [opts.lang] : ['en', 'ar'];
const chosen = (name) => !opts.only || name.includes(opts.only);

require(path.join(here, '..', '..', 'scripts', 'ts-register.cjs'));
const { freePort, launchBrowser } = require(path.join(here, '..', 'site.ts'));
// The phone reaches the shell through the proxy: its origin is the page's, which the sections are told
// (they let pages of their shell's origins read their integrity-checked code with CORS).
const proxyPort = await freePort();
const site = await startBuiltSite({ origins: [`http://127.0.0.1:${proxyPort}`] });
const { NAVIGATION_BARS, NAVIGATION_GOALS, OPEN_SCENARIOS, TAP_SCENARIOS, measureOpen, measureTap } = require(path.join(here, '..', 'navigation.ts'));
const { PHONE_NETWORK, startThrottle } = require(path.join(here, '..', 'throttle.ts'));
const proxy = await startThrottle(new URL(site.url).host, PHONE_NETWORK, proxyPort);
const browser = await launchBrowser();
const kb = (bytes) => (bytes / 1024).toFixed(1);
const failures = [];
/** One measurement; one that fails is reported (and counted as missing) rather than ending the run. */
const attempt = async (what, measure, missing) => {
  try {
    const figure = await measure();
    console.error(`${what}: ${JSON.stringify(figure)}`);
    return figure;
  } catch (error) {
    failures.push(`${what}: ${String(error).split('\n')[0]}`);
    console.error(`${what}: FAILED ${String(error).split('\n')[0]}`);
    return missing;
  }
};
const noTap = { ms: NaN, prefetchedBytes: NaN, client: false };
try {
  const rows = [];
  const all = [];
  // One discarded tap first: Chromium's first navigation is always its slowest.
  await measureTap(browser, proxy.url, 'en', TAP_SCENARIOS[0], true, proxy.counted);
  for (const scenario of TAP_SCENARIOS.filter((s) => chosen(s.name))) {
    for (const lang of langs) {
      const taps = [];
      const floors = [];
      for (let run = 0; run < runs; run++) {
        taps.push(await attempt(`${scenario.name} ${lang} #${run + 1}`, () => measureTap(browser, proxy.url, lang, scenario, true, proxy.counted), noTap));
        floors.push(await attempt(`${scenario.name} ${lang} #${run + 1} plain link`, () => measureTap(browser, proxy.url, lang, scenario, false, proxy.counted), noTap));
      }
      const tap = median(taps.map((t) => t.ms));
      const floor = median(floors.map((t) => t.ms));
      const ratio = tap / floor;
      const bar = NAVIGATION_BARS[scenario.kind];
      const goal = NAVIGATION_GOALS[scenario.kind];
      const client = taps.filter((t) => t.client).length;
      const measured = taps.filter((t) => Number.isFinite(t.ms));
      rows.push({ name: scenario.name, lang, tap, floor, ratio, bar, goal, over: ratio > bar, prefetched: median(measured.map((t) => t.prefetchedBytes)), how: client === measured.length ? 'client-side' : client === 0 ? 'browser' : `${client} of ${measured.length} client-side`, taps: taps.map((t) => t.ms), floors: floors.map((t) => t.ms) });
      all.push({ scenario: scenario.name, lang, taps, floors });
    }
  }
  const opens = [];
  for (const scenario of OPEN_SCENARIOS.filter((s) => chosen(s.name))) {
    for (const lang of langs) {
      const times = [];
      for (let run = 0; run < runs; run++) times.push(await attempt(`${scenario.name} ${lang} #${run + 1}`, () => measureOpen(browser, proxy.url, lang, scenario), NaN));
      const ms = median(times);
      opens.push({ name: scenario.name, lang, ms, times, over: ms > NAVIGATION_BARS.openMs });
      all.push({ scenario: scenario.name, lang, times });
    }
  }
  console.log(
    `\nTap to content on a phone (${PHONE_NETWORK.rttMs} ms RTT, ${PHONE_NETWORK.downKbps / 1000} Mbps down, ${PHONE_NETWORK.upKbps} kbps up, CPU 4x), median of ${runs} fresh pages; ` +
      `floor: the same tap with JavaScript off. node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}\n`,
  );
  console.log('| tap | lang | ms | plain link ms | ratio | bar (goal) | navigation | fetched before the tap (KB) | runs ms / floors ms |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const verdict = r.over ? `**over** ${r.bar}` : r.ratio <= r.goal ? `goal (${r.goal})` : `bar ${r.bar} (${r.goal})`;
    console.log(`| ${r.name} | ${r.lang} | ${r.tap} | ${r.floor} | ${r.ratio.toFixed(2)} | ${verdict} | ${r.how} | ${kb(r.prefetched)} | ${r.taps.join(', ')} / ${r.floors.join(', ')} |`);
  }
  if (opens.length) {
    console.log('\n| tap on a fresh page | lang | ms | bar (goal) | runs ms |');
    console.log('|---|---|---|---|---|');
    for (const o of opens) console.log(`| ${o.name} | ${o.lang} | ${o.ms} | ${o.over ? `**over** ${NAVIGATION_BARS.openMs}` : o.ms <= NAVIGATION_GOALS.openMs ? `goal (${NAVIGATION_GOALS.openMs})` : `bar ${NAVIGATION_BARS.openMs} (${NAVIGATION_GOALS.openMs})`} | ${o.times.join(', ')} |`);
  }
  const over = [...rows, ...opens].filter((r) => r.over || !Number.isFinite(r.ratio ?? r.ms));
  if (failures.length) console.log(`\n${failures.length} measurements failed (left out of the medians):\n${failures.map((f) => `- ${f}`).join('\n')}`);
  console.log(over.length ? `\n${over.length} of ${rows.length + opens.length} figures above their bar` : `\nevery figure at or under its bar`);
  if (opts.json) writeFileSync(opts.json, JSON.stringify({ rows, opens, all }, null, 2));
  process.exitCode = over.length ? 1 : 0;
} finally {
  await browser.close();
  await proxy.close();
  await site.close();
}
