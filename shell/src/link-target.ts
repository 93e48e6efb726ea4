import { normalizePath } from '@qf/shared/routing';
import { FILE_LINK, NOT_A_PAGE } from './prefetch-rules';

// Which clicks the shell turns into client-side navigations. Kept apart from the page-data code (and its
// schemas) because the first script of every page needs it and nothing else of the router.

/**
 * The URL a click should navigate to client-side, or null when the browser must handle it: modified
 * clicks, other targets, downloads, hash-only links, file links, other origins and non-page paths.
 */
export function clientNavigationTarget(event: MouseEvent, location: Location): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || !anchor.hasAttribute('href')) return null;
  const target = anchor.getAttribute('target');
  if (target && target !== '_self') return null;
  if (anchor.hasAttribute('download') || anchor.getAttribute('rel')?.split(/\s+/).includes('external')) return null;
  const raw = anchor.getAttribute('href') ?? '';
  if (raw.startsWith('#')) return null;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin) return null;
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return null;
  if (FILE_LINK.test(url.pathname) || NOT_A_PAGE.test(url.pathname)) return null;
  return url;
}

export const sitePathOf = (url: URL): string => normalizePath(url.pathname);

/**
 * Whether an event on `target` is the start of a navigation to another page of the site (a touch,
 * press or pointer on such a link): not a use of this page, so it fetches no code for it.
 */
export function startsNavigation(target: EventTarget | null, location: Location): boolean {
  const url = clientNavigationTarget({ defaultPrevented: false, button: 0, target } as unknown as MouseEvent, location);
  return url !== null && url.pathname !== location.pathname;
}
