import { appDataSchema, pageDataSchema, type PageData } from '@qf/shared/contracts';
import { pageDataUrl } from '@qf/shared/routing';

export type PageLoad =
  | { kind: 'ok'; pageData: PageData }
  | { kind: 'not-found' }
  | { kind: 'error' }
  /** Every retry failed: the caller falls back to a full navigation. */
  | { kind: 'failed' };

/** Page-data retries of SPEC §9, after the first attempt. */
export const PAGE_DATA_RETRIES = 3;

/**
 * How long a client-side navigation may take to show its page before it becomes the browser's own
 * (SPEC §4: a failed load is a full page load). A request that is never answered, or a section's code
 * that never arrives, fails nothing, so without a deadline the visitor stayed on the page they left.
 * Ten seconds is well past a slow phone's navigation (its data and code: about 2 s at 1.6 Mbps).
 */
export const NAVIGATION_DEADLINE_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Fetch a page's data as SPEC §4 and §8 say: 404 is the 404 page, 500 the 500 page, anything else
 * (network error, 503, a malformed answer) is retried 3 times before giving up.
 */
export async function loadPageData(sitePath: string, search: string, fetchImpl: typeof fetch = fetch, retryDelayMs = 200, cache?: RequestCache): Promise<PageLoad> {
  for (let attempt = 0; attempt <= PAGE_DATA_RETRIES; attempt++) {
    try {
      const res = await fetchImpl(pageDataUrl(sitePath, search), { headers: { accept: 'application/json' }, ...(cache ? { cache } : {}) });
      if (res.status === 404) return { kind: 'not-found' };
      if (res.status === 500) return { kind: 'error' };
      if (res.ok) {
        const parsed = pageDataSchema.safeParse(await res.json());
        if (parsed.success) return { kind: 'ok', pageData: parsed.data };
      }
    } catch {
      // network failure: retried below
    }
    if (attempt < PAGE_DATA_RETRIES) await sleep(retryDelayMs * (attempt + 1));
  }
  return { kind: 'failed' };
}

/** The current composition hash, or null when it cannot be read (the navigation goes on). */
export async function loadCompositionHash(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  for (let attempt = 0; attempt <= PAGE_DATA_RETRIES; attempt++) {
    try {
      const res = await fetchImpl('/page-data/app-data.json', { headers: { accept: 'application/json' }, cache: 'no-store' });
      if (res.ok) {
        const parsed = appDataSchema.safeParse(await res.json());
        if (parsed.success) return parsed.data.webpackCompilationHash;
      }
    } catch {
      // retried
    }
  }
  return null;
}

/**
 * The composition hash a navigation goes by, from what it knows (the hash asked with the page data; or,
 * for a prefetched page, the one last asked apart from a navigation and the one its page data was made
 * with): the first that differs from the page's own (a new composition: reload), else the first known;
 * null when nothing is known (the caller asks).
 */
export function compositionOf(known: readonly (string | null | undefined)[], current: string | null): string | null {
  const hashes = known.filter((h): h is string => Boolean(h));
  return hashes.find((h) => h !== current) ?? hashes[0] ?? null;
}

/**
 * A full load of `url` that revalidates the document with the server: the reload for a new composition
 * must not be answered by the browser's HTTP cache (pages are kept a minute), nor by a prefetch made
 * before the switch. The address is pushed first, so Back still returns to the page the visitor left.
 */
export function reloadInto(url: string, win: Pick<Window, 'history' | 'location'> = window): void {
  win.history.pushState(null, '', url);
  win.location.reload();
}

export const RELOAD_FLAG = 'qf:reloaded-for';

/**
 * A new composition was deployed: reload once into the target page. The session flag makes sure a
 * composition that keeps changing (or a stale cache) never causes a reload loop.
 */
export function reloadOnceFor(hash: string, url: string, storage: Pick<Storage, 'getItem' | 'setItem'>, assign: (url: string) => void): boolean {
  if (storage.getItem(RELOAD_FLAG) === hash) return false;
  storage.setItem(RELOAD_FLAG, hash);
  assign(url);
  return true;
}
