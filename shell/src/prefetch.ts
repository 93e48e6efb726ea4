import { clientNavigationTarget, sitePathOf } from './link-target';
import type { PageLoad } from './navigation';
import { PREFETCH_TIMING, prefetchAllowed, type PrefetchEnv } from './prefetch-rules';

export interface PrefetcherOptions {
  load: (sitePath: string, search: string) => Promise<PageLoad>;
  env: PrefetchEnv;
  /** The page the visitor is on (never prefetched). */
  location: Pick<Location, 'href' | 'origin' | 'pathname' | 'search' | 'hash'>;
  IntersectionObserver?: typeof IntersectionObserver | undefined;
  now?: () => number;
  /**
   * When the page loaded (as `now` counts): the first batch goes PREFETCH_TIMING.firstDelayMs after it.
   * The app may start long after the load (when the visitor first needs it): the links in view then
   * have waited long enough already. Default: now.
   */
  loadedAt?: number;
  timing?: Partial<typeof PREFETCH_TIMING>;
  /**
   * A prefetched page has loaded (once per page): its section's code can follow, so the tap that
   * comes renders at once (SPEC §9: what is prefetched is what the next navigation needs).
   */
  onLoaded?: (load: PageLoad) => void;
}

export interface Prefetcher {
  /** Watch the internal links under `root`: those that come into view join the prefetch queue. */
  watch(root: ParentNode): void;
  /** The visitor points at a link: prefetch that page now (its load, unless it is no page to prefetch). */
  hover(target: EventTarget | null): Promise<PageLoad> | undefined;
  /** A prefetched load of the page, still fresh, handed over once (then fetched anew). */
  take(sitePath: string, search: string): Promise<PageLoad> | undefined;
  stop(): void;
}

const keyOf = (sitePath: string, search: string) => sitePath + search;

/** The page a link leads to, by the same rules as a click: only links the router would handle. */
function pageOf(anchor: Element, location: PrefetcherOptions['location']): { sitePath: string; search: string } | null {
  const click = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, target: anchor } as unknown as MouseEvent;
  const url = clientNavigationTarget(click, location as Location);
  return url ? { sitePath: sitePathOf(url), search: url.search } : null;
}

export function createPrefetcher(options: PrefetcherOptions): Prefetcher {
  const timing = { ...PREFETCH_TIMING, ...options.timing };
  const now = options.now ?? (() => Date.now());
  const allowed = prefetchAllowed(options.env) && Boolean(options.IntersectionObserver);
  const loads = new Map<string, { at: number; load: Promise<PageLoad> }>();
  const queue = new Map<string, { sitePath: string; search: string }>();
  /** Pages one of whose links is in view (links stay watched: one that leaves the view waits behind those in it). */
  const inView = new Set<string>();
  /** Pages already queued or fetched once: each link is prefetched at most once per page view. */
  const seen = new Set<string>();
  /** Pages whose load was announced (onLoaded): their code is fetched once per page view. */
  const announced = new Set<string>();
  let nextBatchAt = (options.loadedAt ?? now()) + timing.firstDelayMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const current = () => keyOf(sitePathOf(new URL(options.location.href)), options.location.search);

  function fetchPage(page: { sitePath: string; search: string }) {
    const key = keyOf(page.sitePath, page.search);
    const known = loads.get(key);
    if (known && now() - known.at < timing.ttlMs) return;
    const load = options.load(page.sitePath, page.search);
    loads.set(key, { at: now(), load });
    if (options.onLoaded && !announced.has(key)) {
      announced.add(key);
      load.then(options.onLoaded, () => undefined);
    }
    // Only a page that loaded is worth keeping; anything else is fetched again by the navigation.
    load.then(
      (l) => l.kind !== 'ok' && loads.get(key)?.load === load && loads.delete(key),
      () => loads.get(key)?.load === load && loads.delete(key),
    );
  }

  function schedule() {
    if (timer !== undefined || stopped || queue.size === 0) return;
    timer = setTimeout(runBatch, Math.max(0, nextBatchAt - now()));
  }

  function runBatch() {
    timer = undefined;
    // Links in view now first (the visitor scrolled on: what they see is what they may tap next), each
    // group in the order it came into view.
    const batch = [...queue.entries()].sort(([a], [b]) => Number(inView.has(b)) - Number(inView.has(a))).slice(0, timing.batchSize);
    for (const [key, page] of batch) {
      queue.delete(key);
      if (key !== current()) fetchPage(page);
    }
    nextBatchAt = now() + timing.batchIntervalMs;
    schedule();
  }

  const observer = allowed
    ? new options.IntersectionObserver!((entries) => {
        for (const entry of entries) {
          const page = pageOf(entry.target, options.location);
          if (!page) continue;
          const key = keyOf(page.sitePath, page.search);
          if (!entry.isIntersecting) {
            inView.delete(key);
            continue;
          }
          inView.add(key);
          if (seen.has(key) || key === current()) continue;
          seen.add(key);
          queue.set(key, page);
        }
        schedule();
      })
    : undefined;

  return {
    watch(root) {
      if (!observer || stopped) return;
      // Not the language switch: the same page in the other language is seldom the next one.
      root.querySelectorAll('a[href]:not([data-language-switch])').forEach((a) => {
        if (pageOf(a, options.location)) observer.observe(a);
      });
    },
    hover(target) {
      if (!allowed || stopped) return undefined;
      const node = target as (Node & Partial<Element>) | null;
      const element = node?.nodeType === 1 ? (node as Element) : node?.parentElement;
      const anchor = element?.closest('a');
      const page = anchor ? pageOf(anchor, options.location) : null;
      if (!page) return undefined;
      const key = keyOf(page.sitePath, page.search);
      if (key === current()) return undefined;
      seen.add(key);
      queue.delete(key);
      fetchPage(page);
      return loads.get(key)?.load;
    },
    take(sitePath, search) {
      const key = keyOf(sitePath, search);
      const entry = loads.get(key);
      if (!entry) return undefined;
      loads.delete(key);
      return now() - entry.at < timing.ttlMs ? entry.load : undefined;
    },
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      observer?.disconnect();
    },
  };
}

/** The prefetcher of this page: links in view, and links the pointer rests on or keyboard focus reaches. */
export function startPrefetch(doc: Document, win: Window, load: PrefetcherOptions['load'], onLoaded?: PrefetcherOptions['onLoaded']): Prefetcher {
  const nav = win.navigator as Navigator & { connection?: PrefetchEnv['connection'] };
  const loaded = (win.performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd;
  const loadedAt = win.performance.timeOrigin + (loaded || win.performance.now());
  const prefetcher = createPrefetcher({ load, onLoaded, loadedAt, env: { userAgent: nav.userAgent, connection: nav.connection }, location: win.location, IntersectionObserver: (win as Window & typeof globalThis).IntersectionObserver });
  prefetcher.watch(doc);
  doc.addEventListener('mouseover', (e) => void prefetcher.hover(e.target), { passive: true });
  doc.addEventListener('focusin', (e) => void prefetcher.hover(e.target));
  return prefetcher;
}
