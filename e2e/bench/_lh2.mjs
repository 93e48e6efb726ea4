import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
await chrome.kill();
const a = r.lhr.audits;
console.log('score', r.lhr.categories.performance.score, 'TBT', a['total-blocking-time'].numericValue, 'FCP', a['first-contentful-paint'].numericValue, 'LCP', a['largest-contentful-paint'].numericValue, 'TTI', a.interactive?.numericValue);
for (const i of a['long-tasks'].details.items) console.log('LT', JSON.stringify(i));
const events = r.artifacts.Trace.traceEvents;
const nav = events.filter(e => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http')).pop();
const pid = nav.pid;
const mains = events.filter(e => e.name === 'thread_name' && e.args.name === 'CrRendererMain' && e.pid === pid);
const tid = mains[0].tid;
const mine = events.filter(e => e.pid === pid && e.tid === tid && e.ph === 'X');
const fcp = events.find(e => e.name === 'firstContentfulPaint' && e.pid === pid && e.ts > nav.ts);
console.log('observed FCP', ((fcp.ts - nav.ts)/1000).toFixed(0));
for (const t of mine.filter(e => e.name === 'RunTask' && e.dur > 5000 && e.ts > nav.ts)) {
  const inside = mine.filter(e => e.ts >= t.ts && e.ts + (e.dur||0) <= t.ts + t.dur && e.name !== 'RunTask' && e.dur > 500);
  const summary = {};
  for (const e of inside) { const k = e.name + (e.args?.data?.url ? ' ' + e.args.data.url.split('/').pop().slice(0,30) : '') + (e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''); summary[k] = (summary[k] || 0) + e.dur / 1000; }
  const top = Object.entries(summary).sort((a,b)=>b[1]-a[1]).slice(0,6).map(([k,v])=>`${k}:${v.toFixed(0)}`).join(', ');
  console.log(`${((t.ts - nav.ts)/1000).toFixed(0)}ms +${(t.dur/1000).toFixed(1)}ms  ${top}`);
}
