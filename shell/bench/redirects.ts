// `npm run bench:redirects`: the cost of one redirect lookup with 1,000 and with 100,000 rules, for the
// same request traffic (exact hits, case-insensitive hits and misses). Rules are shaped like the site's: case-insensitive
// (SPEC §2), with one in a hundred case-sensitive. Compiled rules are hash maps, so the two should be close.
import { compileRedirects, type RedirectRule } from '../server/redirect-rules';

function rules(n: number): RedirectRule[] {
  return Array.from({ length: n }, (_, i) => ({ fromPath: `/legacy/section-${i % 97}/item-${i}`, toPath: `/stories/story-${i}`, isPermanent: true, ignoreCase: i % 100 !== 0, redirectInBrowser: true, force: true }));
}

/**
 * The same traffic against both rule sets: 10,000 request paths, a third exact hits, a third hits in
 * another case, a third misses; the hits fall on rules present in both sets. So the two figures differ
 * only by the number of rules compiled.
 */
const TRAFFIC = Array.from({ length: 10_000 }, (_, k) => {
  const i = (k * 7919) % 1000;
  return k % 3 === 0 ? `/legacy/section-${i % 97}/item-${i}` : k % 3 === 1 ? `/Legacy/Section-${i % 97}/Item-${i}` : `/not/redirected/${k}`;
});

function measure(n: number): number {
  const compiled = compileRedirects(rules(n), { siteUrl: 'https://www.qf.org.qa' });
  const paths = TRAFFIC;
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
