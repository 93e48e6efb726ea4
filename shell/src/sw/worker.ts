/**
 * The service worker's behaviour (SPEC §4): served at /sw.js by the shell server, which stamps the
 * version into it. Kept free of DOM and library code: the worker is one small file with no runtime.
 *
 * - Hashed assets of the shell and the remotes (`name.0123456789.js`, `mf-manifest.<build>.json`):
 *   cache-first, they never change under the same name.
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
  registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
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

  async function asset(request: Request): Promise<Response> {
    const cache = await caches.open(ASSET_CACHE);
    const hit = await cache.match(request.url, lookup);
    if (hit) return hit;
    let response: Response;
    if (new URL(request.url).origin === origin) response = await scope.fetch(request);
    else {
      // A remote's files are fetched with CORS (the remotes allow the shell's origins), so the answer
      // is readable and only a real 200 is kept; an opaque answer is passed on, never cached.
      try {
        response = await scope.fetch(request.url, { mode: 'cors', credentials: 'omit' });
      } catch {
        return scope.fetch(request);
      }
    }
    if (response.ok) await store(ASSET_CACHE, request.url, response.clone(), ASSET_LIMIT);
    return response;
  }

  async function networkFirst(request: Request, kind: 'page' | 'page-data'): Promise<Response> {
    const key = request.url.split('#')[0]!;
    try {
      const response = await scope.fetch(request);
      const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
      if (response.status === 200 && (kind === 'page-data' || html)) await store(PAGE_CACHE, key, response.clone(), PAGE_LIMIT);
      return response;
    } catch {
      const cached = await (await caches.open(PAGE_CACHE)).match(key, lookup);
      if (cached) return cached;
      if (kind === 'page') {
        const offline = await (await caches.open(offlineCache)).match(new URL(offlinePageFor(key), origin).href, lookup);
        if (offline) return offline;
      }
      return Response.error();
    }
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
        .then(() => scope.clients.claim()),
    );
  });

  scope.addEventListener('fetch', (event) => {
    const strategy = strategyFor(event.request, origin);
    if (!strategy) return;
    event.respondWith(strategy === 'asset' ? asset(event.request) : networkFirst(event.request, strategy));
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
