// What the benchmarks share: the pages they measure and the composed production build they measure it on.
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

/** The median of the finite numbers in `xs` (NaN when there are none). */
export const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

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
  return startSite(options);
}

/** The measured pages of `names` in `langs`: `{ name, lang, path }`, English then Arabic per page. */
export const targetsOf = (names, langs) => names.flatMap((name) => langs.map((lang) => ({ name, lang, path: lang === 'en' ? PAGES[name] : `/ar${PAGES[name] === '/' ? '' : PAGES[name]}` })));

/**
 * Each target asked twice with `get` (the first fills the site's caches, the second is what a visitor
 * gets): the second answers by path. A page that does not answer 200 stops the benchmark.
 */
export async function warmAnswers(siteUrl, targets, get) {
  const answers = new Map();
  for (const t of targets) {
    await get(siteUrl + t.path);
    const answer = await get(siteUrl + t.path);
    if (answer.status !== 200) fail(`${t.path} answered ${answer.status}`);
    answers.set(t.path, answer);
  }
  return answers;
}
