// `npm run bench:redirects`: the cost of one redirect lookup with 1,000 and with 100,000 rules (a mix of
// exact hits, case-insensitive hits and misses). Rules are shaped like the site's: case-insensitive
// (SPEC §2), with one in a hundred case-sensitive. Compiled rules are hash maps, so the two should be close.
import { compileRedirects, type RedirectRule } from '@qf/shared/redirects';

function rules(n: number): RedirectRule[] {
  return Array.from({ length: n }, (_, i) => ({ fromPath: `/legacy/section-${i % 97}/item-${i}`, toPath: `/stories/story-${i}`, isPermanent: true, ignoreCase: i % 100 !== 0, redirectInBrowser: true, force: true }));
}

function measure(n: number): number {
  const compiled = compileRedirects(rules(n), { siteUrl: 'https://www.qf.org.qa' });
  const paths = Array.from({ length: 10_000 }, (_, k) => {
    const i = (k * 7919) % n;
    return k % 3 === 0 ? `/legacy/section-${i % 97}/item-${i}` : k % 3 === 1 ? `/Legacy/Section-${i % 97}/Item-${i}` : `/not/redirected/${k}`;
  });
  let hits = 0;
  for (const p of paths) if (compiled.lookup({ path: p })) hits++;
  const rounds = 30;
  const started = process.hrtime.bigint();
  for (let r = 0; r < rounds; r++) for (const p of paths) if (compiled.lookup({ path: p, query: 'a=1' })) hits++;
  const ns = Number(process.hrtime.bigint() - started) / (rounds * paths.length);
  if (hits === 0) throw new Error('no lookup matched');
  return ns / 1000;
}

const small = measure(1000);
const large = measure(100_000);
console.log(`redirects: 1000 rules ${small.toFixed(2)} us, 100000 rules ${large.toFixed(2)} us`);
