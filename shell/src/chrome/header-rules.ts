import { splitLang } from '@qf/shared/routing';

/**
 * SPEC §2: tap-story pages (a path containing 'tap' with at least 3 segments) hide the accessibility
 * button and the theme toggle. Read as a `tap` segment of the language-neutral path, so
 * `/stories/tap/{slug}` and `/ar/stories/tap/{slug}` both qualify, the overview `/stories/tap` (2
 * segments) does not, and a slug that merely contains the letters (`/stories/laptop-library`) does not.
 */
export function isTapStoryPath(path: string): boolean {
  const segments = splitLang(path).path.split('/').filter(Boolean);
  return segments.length >= 3 && segments.includes('tap');
}

/** SPEC §2: no progress bar on the home page and the Arabic home page. */
export const isHomePath = (path: string): boolean => splitLang(path).path === '/';

/**
 * The page progress bar: shown once the page has been scrolled (never on the home pages, never on a page
 * that cannot scroll), its width the share of the scrollable height, with a ceiling of 100 %.
 */
export function scrollProgress(path: string, scrollTop: number, scrollHeight: number, clientHeight: number): { visible: boolean; percent: number } {
  const scrollable = scrollHeight - clientHeight;
  if (isHomePath(path) || scrollable <= 0) return { visible: false, percent: 0 };
  const percent = Math.min(100, Math.max(0, (scrollTop / scrollable) * 100));
  return { visible: scrollTop > 0, percent: Math.round(percent * 10) / 10 };
}
