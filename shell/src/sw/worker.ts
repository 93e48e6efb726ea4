/**
 * The service worker's behaviour (SPEC §4): served at /sw.js by the shell server, which stamps the
 * version into it. Kept free of DOM and library code: the worker is one small file with no runtime.
 *
 * - Hashed assets of the shell and the remotes (`name.0123456789.js`, `mf-manifest.<build>.json`):
 *   cache-first, they never change under the same name. Only readable 200s are kept (a remote's files
 *   are read with CORS), so a kept copy is valid for a request of any mode, and a problem with Cache
 *   Storage only ever means asking the network.
 * - Page data and pages the visitor opens: network-first, the cached copy when the network fails.
 * - A navigation with no network and no cached copy: the offline page of the path's language.
 * - Web Push: shows the notification of a `{title, body, url}` payload; a click focuses or opens `url`.
 */

export const VERSION_PLACEHOLDER = '__QF_SW_VERSION__';
export const ASSET_CACHE = 'qf-assets-v1';
export const PAGE_CACHE = 'qf-pages-v1';
export const OFFLINE_CACHE_PREFIX = 'qf-offline-';
export const OFFLINE_PAGES = { en: '/offline.html', ar: '/ar/offline.html' } as const;
/** Bounds of the runtime caches: the oldest entries go first. */
export const PAGE_LIMIT = 60;
export const ASSET_LIMIT = 400;
export const NOTIFICATION_ICON = '/icons/icon-192.png';

/** A content hash of 10 or more hex digits just before the extension, as the builds name their files. */
const HASHED = /[.-][0-9a-f]{10,}\.(?:js|css|json)$/;

export type Strategy = 'asset' | 'page-data' | 'page';

interface RequestLike {
  method: string;
  url: string;
  mode?: string;
}

/** How the worker answers a request, or null to leave it to the browser. */
export function strategyFor(request: RequestLike, origin: string): Strategy | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (HASHED.test(url.pathname)) return 'asset';
  if (url.origin !== origin) return null;
  if (url.pathname.startsWith('/page-data/')) return url.pathname.endsWith('/page-data.json') ? 'page-data' : null;
  if (request.mode === 'navigate' && !/^\/(api|_shell|media)\//.test(url.pathname) && url.pathname !== '/sw.js') return 'page';
  return null;
}

/** Answers the worker can read: same-origin, CORS, or made by the worker itself. */
const READABLE = new Set(['basic', 'cors', 'default']);

interface ResponseLike {
  type: string;
  status: number;
}

/**
 * Whether an answer may be kept as a hashed file: a complete 200 the worker could read. An opaque answer
 * (a no-cors request) hides its status, so it may be an error page, and could never answer a CORS read.
 */
export const keepable = (response: ResponseLike): boolean => READABLE.has(response.type) && response.status === 200;

/**
 * Whether an answer is valid for a request of this mode: an opaque one only for a no-cors request (a
 * CORS read given one fails with net::ERR_FAILED), never an error or an unfollowed redirect.
 */
export const answers = (mode: string | undefined, response: ResponseLike): boolean => READABLE.has(response.type) || (response.type === 'opaque' && mode === 'no-cors');

/** The offline page in the language of the path: Arabic under /ar. */
export const offlinePageFor = (url: string): string => (/^\/ar(\/|$)/.test(new URL(url).pathname) ? OFFLINE_PAGES.ar : OFFLINE_PAGES.en);

export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/** The notification a push carries; anything but a same-origin URL opens the home page. */
export function parsePushPayload(text: string | null | undefined, origin: string): PushMessage {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    raw = { body: text ?? '' };
  }
  const str = (v: unknown) => (typeof v === 'string' ? v.slice(0, 500) : '');
  return { title: str(raw.title) || 'QF', body: str(raw.body), url: safeUrl(raw.url, origin) };
}

function safeUrl(value: unknown, origin: string): string {
  try {
    const url = new URL(typeof value === 'string' && value ? value : '/', origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

// The few parts of the worker's global scope used here (the project's TypeScript has the DOM library,
// not the WebWorker one).
interface ExtendableEvent {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  /** The navigation preload's answer (undefined when preload is off or the request is no navigation). */
  preloadResponse?: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  notification: { close(): void; data?: unknown };
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
}
export interface WorkerScope {
  location: { origin: string };
  caches: CacheStorage;
  fetch: typeof fetch;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>; openWindow(url: string): Promise<unknown> };
  registration: {
    showNotification(title: string, options: Record<string, unknown>): Promise<void>;
    /** Navigation preload (absent where the browser has none). */
    navigationPreload?: { enable(): Promise<void> };
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
}

export function installServiceWorker(scope: WorkerScope, version: string): void {
  const offlineCache = OFFLINE_CACHE_PREFIX + version;
  const { caches } = scope;
  const origin = scope.location.origin;
  // Vary (accept-encoding) must not hide a copy from a lookup by URL.
  const lookup = { ignoreVary: true, ignoreSearch: false };

  async function store(cacheName: string, key: string, response: Response, limit: number) {
    const cache = await caches.open(cacheName);
    await cache.put(key, response);
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - limit))) await cache.delete(old);
  }

  /** A copy kept in Cache Storage, or undefined; a cache that cannot be read is no reason to fail. */
  async function cached(cacheName: string, key: string): Promise<Response | undefined> {
    try {
      return await (await caches.open(cacheName)).match(key, lookup);
    } catch {
      return undefined;
    }
  }

  /** Keep a copy when possible; a full or broken cache never costs the page its answer. */
  async function keep(cacheName: string, key: string, response: Response, limit: number): Promise<void> {
    try {
      await store(cacheName, key, response.clone(), limit);
    } catch {
      // the answer still goes to the page
    }
  }

  /**
   * A remote's file, read with CORS (the remotes allow the shell's origins) so the answer is readable,
   * can be kept, and is valid for any request mode. The first try may be answered by the HTTP cache with
   * a copy stored for a `<link>` without CORS headers (a server or CDN that does not vary on Origin):
   * that fails the CORS check, so the second try asks the network. A remote that refuses CORS gets the
   * browser's own request, as if there were no worker (an opaque answer is valid for a no-cors request).
   */
  async function fetchRemoteAsset(request: Request): Promise<Response> {
    for (const cache of ['default', 'reload'] as const) {
      try {
        return await scope.fetch(request.url, { mode: 'cors', credentials: 'omit', cache });
      } catch {
        // next try
      }
    }
    return scope.fetch(request);
  }

  async function asset(request: Request): Promise<Response> {
    const hit = await cached(ASSET_CACHE, request.url);
    // A copy that could not answer this request (an opaque answer kept by an older worker) is refetched.
    if (hit && keepable(hit) && answers(request.mode, hit)) return hit;
    const response = new URL(request.url).origin === origin ? await scope.fetch(request) : await fetchRemoteAsset(request);
    if (keepable(response)) await keep(ASSET_CACHE, request.url, response, ASSET_LIMIT);
    return response;
  }

  /**
   * `preloaded`: the browser's own request for a navigation, sent while the worker starts (navigation
   * preload): a page is never later for having a worker than it would be without one.
   */
  async function networkFirst(request: Request, kind: 'page' | 'page-data', preloaded?: Promise<Response | undefined>): Promise<Response> {
    const key = request.url.split('#')[0]!;
    let response: Response;
    try {
      response = (await preloaded) ?? (await scope.fetch(request));
    } catch {
      const copy = await cached(PAGE_CACHE, key);
      if (copy) return copy;
      if (kind === 'page') {
        const offline = await cached(offlineCache, new URL(offlinePageFor(key), origin).href);
        if (offline) return offline;
      }
      return Response.error();
    }
    const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
    // An answer its server says no one may store (an editor's preview of drafts, a page holding what a
    // visitor typed) is never kept for offline use either.
    const storable = !/\bno-store\b/i.test(response.headers.get('cache-control') ?? '');
    if (response.status === 200 && storable && (kind === 'page-data' || html)) await keep(PAGE_CACHE, key, response, PAGE_LIMIT);
    return response;
  }

  scope.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(offlineCache)
        .then((cache) => cache.addAll(Object.values(OFFLINE_PAGES).map((p) => new Request(new URL(p, origin).href, { cache: 'reload' }))))
        // The new worker takes over at once; the page decides whether that warrants a reload.
        .then(() => scope.skipWaiting()),
    );
  });

  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) => Promise.all(names.filter((n) => n.startsWith(OFFLINE_CACHE_PREFIX) && n !== offlineCache).map((n) => caches.delete(n))))
        // A navigation goes to the network while the worker starts, not after (SPEC §4's pages stay network-first).
        .then(() => scope.registration.navigationPreload?.enable())
        .then(() => scope.clients.claim()),
    );
  });

  scope.addEventListener('fetch', (event) => {
    const strategy = strategyFor(event.request, origin);
    if (!strategy) return;
    event.respondWith(strategy === 'asset' ? asset(event.request) : networkFirst(event.request, strategy, strategy === 'page' ? event.preloadResponse : undefined));
  });

  scope.addEventListener('push', (event) => {
    const message = parsePushPayload(event.data?.text(), origin);
    event.waitUntil(scope.registration.showNotification(message.title, { body: message.body, icon: NOTIFICATION_ICON, data: { url: message.url } }));
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | undefined;
    const url = safeUrl(data?.url, origin);
    event.waitUntil(
      scope.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
        const open = windows.find((w) => w.url === url);
        return open ? open.focus() : scope.clients.openWindow(url);
      }),
    );
  });
}
