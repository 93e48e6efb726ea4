import type { Lang } from '@qf/shared/i18n';
import { languages } from '@qf/shared/i18n';

/** Segments each after one slash, nothing after the last: no query, hash, backslash, empty segment or trailing slash. */
const NORMAL = /^(?:\/[^/?#\\]+)+$/;

/**
 * Collapse repeated slashes, strip the trailing slash, ensure the leading one; `/index.html` is the
 * root. A backslash counts as a slash, as browsers read it: `/\evil.example` would otherwise be a path
 * that a browser follows to another site (`//evil.example`); it is `/evil.example` here.
 */
export function normalizePath(path: string): string {
  // Most paths are already normal (every link of every page goes through here): kept as they are.
  if (path === '/' || (NORMAL.test(path) && !path.endsWith('/index.html'))) return path;
  let p = path.split(/[?#]/)[0] ?? '';
  p = `/${p}`.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  if (p.endsWith('/index.html')) p = p.slice(0, -'index.html'.length);
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

/** Split a site path into its language and its path without the `/ar` prefix. */
export function splitLang(path: string): { lang: Lang; path: string } {
  const p = normalizePath(path);
  if (p === '/ar') return { lang: 'ar', path: '/' };
  if (p.startsWith('/ar/')) return { lang: 'ar', path: p.slice(3) };
  return { lang: 'en', path: p };
}

/** The site path of a language-neutral path in a language. */
export function localePath(lang: Lang, path: string): string {
  const p = normalizePath(path);
  const prefix = languages[lang].prefix;
  if (!prefix) return p;
  return p === '/' ? prefix : `${prefix}${p}`;
}

const EXTERNAL = /^https?:\/\//i;
export const isExternalUrl = (url: string): boolean => EXTERNAL.test(url);

/** Fill a pattern with parameters (links are built, never concatenated by hand). */
export function fillPattern(pattern: string, params: Record<string, string>): string {
  return normalizePath(pattern.replace(/:([A-Za-z]+)/g, (_m, k: string) => encodeURIComponent(params[k] ?? '')));
}

/** Page-data URL of a site path (SPEC §7): `/` is `/page-data/index/page-data.json`. */
export function pageDataUrl(sitePath: string, search = ''): string {
  const p = normalizePath(sitePath);
  return `/page-data${p === '/' ? '/index' : p}/page-data.json${search}`;
}

/** Inverse of pageDataUrl, or null when the URL is not a page-data URL. */
export function pathFromPageDataUrl(url: string): string | null {
  const m = /^\/page-data(\/.*)\/page-data\.json$/.exec(url.split('?')[0] ?? '');
  if (!m) return null;
  return m[1] === '/index' ? '/' : normalizePath(m[1]!);
}
