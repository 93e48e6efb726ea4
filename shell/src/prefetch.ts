import { clientNavigationTarget, sitePathOf } from './link-target';
import type { PageLoad } from './navigation';

/** SPEC §9: the first batch after 3000 ms, then batches of 4 paths 3000 ms apart. */
export const PREFETCH_TIMING = { firstDelayMs: 3000, batchSize: 4, batchIntervalMs: 3000, ttlMs: 30_000 } as const;

const BOT = /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|quora link preview|whatsapp|lighthouse|pingdom|ia_archiver/i;

export interface PrefetchEnv {
  userAgent: string;
  connection?: { effectiveType?: string; saveData?: boolean } | undefined;
}

/** No prefetching on 2g, with the data saver on, or for robots (they read pages, never click). */
export function prefetchAllowed(env: PrefetchEnv): boolean {
  if (BOT.test(env.userAgent)) return false;
  if (env.connection?.saveData) return false;
  return !(env.connection?.effectiveType ?? '').includes('2g');
}

export interface PrefetcherOptions {
  load: (sitePath: string, search: string) => Promise<PageLoad>;
  env: PrefetchEnv;
  /** The page the visitor is on (never prefetched). */
  location: Pick<Location, 'href' | 'origin' | 'pathname' | 'search' | 'hash'>;
  IntersectionObserver?: typeof IntersectionObserver | undefined;
  now?: () => number;
  timing?: Partial<typeof PREFETCH_TIMING>;
  /** A page the visitor pointed at has loaded (once per page): its section's code can follow. */
  onIntent?: (load: PageLoad) => void;
}

export interface Prefetcher {
  /** Watch the internal links under `root`: those that come into view join the prefetch queue. */
  watch(root: ParentNode): void;
  /** The visitor points at a link: prefetch that page now. */
  hover(target: EventTarget | null): void;
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
  /** Pages already queued or fetched once: each link is prefetched at most once per page view. */
  const seen = new Set<string>();
  const intended = new Set<string>();
  let nextBatchAt = now() + timing.firstDelayMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const current = () => keyOf(sitePathOf(new URL(options.location.href)), options.location.search);

  function fetchPage(page: { sitePath: string; search: string }) {
    const key = keyOf(page.sitePath, page.search);
    const known = loads.get(key);
    if (known && now() - known.at < timing.ttlMs) return;
    const load = options.load(page.sitePath, page.search);
    loads.set(key, { at: now(), load });
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
    const batch = [...queue.entries()].slice(0, timing.batchSize);
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
          if (!entry.isIntersecting) continue;
          observer!.unobserve(entry.target);
          const page = pageOf(entry.target, options.location);
          if (!page) continue;
          const key = keyOf(page.sitePath, page.search);
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
      root.querySelectorAll('a[href]').forEach((a) => {
        if (pageOf(a, options.location)) observer.observe(a);
      });
    },
    hover(target) {
      if (!allowed || stopped) return;
      const node = target as (Node & Partial<Element>) | null;
      const element = node?.nodeType === 1 ? (node as Element) : node?.parentElement;
      const anchor = element?.closest('a');
      const page = anchor ? pageOf(anchor, options.location) : null;
      if (!page) return;
      const key = keyOf(page.sitePath, page.search);
      if (key === current()) return;
      seen.add(key);
      queue.delete(key);
      fetchPage(page);
      const loaded = loads.get(key)?.load;
      if (loaded && options.onIntent && !intended.has(key)) {
        intended.add(key);
        loaded.then(options.onIntent, () => undefined);
      }
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
export function startPrefetch(doc: Document, win: Window, load: PrefetcherOptions['load'], onIntent?: PrefetcherOptions['onIntent']): Prefetcher {
  const nav = win.navigator as Navigator & { connection?: PrefetchEnv['connection'] };
  const prefetcher = createPrefetcher({ load, onIntent, env: { userAgent: nav.userAgent, connection: nav.connection }, location: win.location, IntersectionObserver: (win as Window & typeof globalThis).IntersectionObserver });
  prefetcher.watch(doc);
  doc.addEventListener('mouseover', (e) => prefetcher.hover(e.target), { passive: true });
  doc.addEventListener('focusin', (e) => prefetcher.hover(e.target));
  return prefetcher;
}
