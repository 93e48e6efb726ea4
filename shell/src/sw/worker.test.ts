import { answers, ASSET_CACHE, installServiceWorker, keepable, offlinePageFor, PAGE_CACHE, parsePushPayload, strategyFor, type WorkerScope } from './worker';

const ORIGIN = 'https://www.example.org';

/** Cache Storage in memory, matching by URL (what the worker relies on). */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = new Map()));
    const s = store;
    const keyOf = (r: RequestInfo | URL) => (typeof r === 'string' ? r : r instanceof URL ? r.href : r.url);
    return {
      // Cache Storage keeps a response's type (cors, opaque...) and status.
      match: async (r: RequestInfo | URL) => {
        const hit = s.get(keyOf(r));
        return hit && Object.defineProperties(hit.clone(), { type: { value: hit.type }, status: { value: hit.status } });
      },
      put: async (r: RequestInfo | URL, res: Response) => void s.set(keyOf(r), res),
      addAll: async (requests: Request[]) => {
        for (const r of requests) s.set(r.url, new Response(`offline page ${new URL(r.url).pathname} (${r.cache})`, { headers: { 'content-type': 'text/html' } }));
      },
      keys: async () => [...s.keys()].map((k) => new Request(k)),
      delete: async (r: RequestInfo | URL) => s.delete(keyOf(r)),
    } as unknown as Cache;
  };
  const storage = { open, keys: async () => [...stores.keys()], delete: async (n: string) => stores.delete(n), has: async (n: string) => stores.has(n), match: async () => undefined } as unknown as CacheStorage;
  return { storage, stores };
}

function fakeScope(fetchImpl: jest.Mock, storageOverride?: CacheStorage) {
  const listeners = new Map<string, (event: unknown) => void>();
  const { storage: memory, stores } = memoryCaches();
  const storage = storageOverride ?? memory;
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const focused: string[] = [];
  const windows: { url: string; focus: () => Promise<void> }[] = [];
  const scope: WorkerScope = {
    location: { origin: ORIGIN },
    caches: storage,
    fetch: fetchImpl as unknown as typeof fetch,
    skipWaiting: jest.fn(async () => undefined),
    clients: {
      claim: jest.fn(async () => undefined),
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
    },
    registration: { showNotification: async (title, options) => void shown.push({ title, options }), navigationPreload: { enable: jest.fn(async () => undefined) } },
    addEventListener: ((type: string, listener: (event: unknown) => void) => void listeners.set(type, listener)) as WorkerScope['addEventListener'],
  };
  installServiceWorker(scope, 'v42');
  /** Dispatch an extendable event and wait for what it waits on. */
  const dispatch = async (type: string, extra: Record<string, unknown> = {}) => {
    let waited: Promise<unknown> = Promise.resolve();
    let responded: Promise<Response> | undefined;
    listeners.get(type)!({ ...extra, waitUntil: (p: Promise<unknown>) => (waited = p), respondWith: (p: Promise<Response>) => (responded = p) });
    await waited;
    return responded;
  };
  const get = (url: string, mode = 'no-cors') => dispatch('fetch', { request: Object.defineProperty(new Request(url), 'mode', { value: mode }) });
  return { scope, dispatch, get, stores, shown, opened, focused, windows };
}

const html = (body: string) => new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });

describe('which requests the worker answers', () => {
  it.each([
    [`${ORIGIN}/_shell/main.0123456789.js`, 'no-cors', 'asset'],
    [`${ORIGIN}/_shell/537.ab12cd34ef.css`, 'no-cors', 'asset'],
    ['http://127.0.0.1:3001/browser/remoteEntry.0a1b2c3d4e.js', 'no-cors', 'asset'],
    ['http://127.0.0.1:3001/browser/mf-manifest.0123456789abcdef.json', 'cors', 'asset'],
    [`${ORIGIN}/page-data/stories/a/page-data.json`, 'cors', 'page-data'],
    [`${ORIGIN}/page-data/app-data.json`, 'cors', null],
    [`${ORIGIN}/stories/a`, 'navigate', 'page'],
    [`${ORIGIN}/ar`, 'navigate', 'page'],
    [`${ORIGIN}/api/forms/push/key`, 'navigate', null],
    [`${ORIGIN}/api/forms/push/key`, 'cors', null],
    [`${ORIGIN}/menupreviews.json`, 'cors', null],
    [`${ORIGIN}/_shell/main.js`, 'no-cors', null],
    ['https://maps.example.com/page', 'navigate', null],
  ])('%s (%s) → %s', (url, mode, strategy) => {
    expect(strategyFor({ method: 'GET', url, mode }, ORIGIN)).toBe(strategy);
  });

  it('leaves every other method alone', () => {
    expect(strategyFor({ method: 'POST', url: `${ORIGIN}/page-data/a/page-data.json` }, ORIGIN)).toBeNull();
  });

  it('picks the offline page by the language prefix', () => {
    expect(offlinePageFor(`${ORIGIN}/ar/stories/a`)).toBe('/ar/offline.html');
    expect(offlinePageFor(`${ORIGIN}/ar`)).toBe('/ar/offline.html');
    expect(offlinePageFor(`${ORIGIN}/arts`)).toBe('/offline.html');
    expect(offlinePageFor(`${ORIGIN}/stories/a`)).toBe('/offline.html');
  });
});

describe('the installed worker', () => {
  it('caches both offline pages at install, bypassing the HTTP cache, and takes over at once', async () => {
    const w = fakeScope(jest.fn());
    await w.dispatch('install');
    expect([...w.stores.get('qf-offline-v42')!.keys()]).toEqual([`${ORIGIN}/offline.html`, `${ORIGIN}/ar/offline.html`]);
    expect(await w.stores.get('qf-offline-v42')!.get(`${ORIGIN}/ar/offline.html`)!.text()).toBe('offline page /ar/offline.html (reload)');
    expect(w.scope.skipWaiting).toHaveBeenCalled();
  });

  it('drops the offline pages of older versions on activation and claims the open pages', async () => {
    const w = fakeScope(jest.fn());
    await w.scope.caches.open('qf-offline-v41');
    await w.scope.caches.open(ASSET_CACHE);
    await w.dispatch('install');
    await w.dispatch('activate');
    expect(await w.scope.caches.keys()).toEqual([ASSET_CACHE, 'qf-offline-v42']);
    expect(w.scope.clients.claim).toHaveBeenCalled();
    // Navigations go to the network while the worker starts.
    expect(w.scope.registration.navigationPreload!.enable).toHaveBeenCalled();
  });

  it('answers a navigation with the browser preload of it, and fetches itself only without one', async () => {
    const fetchImpl = jest.fn(async () => html('<h1>fetched by the worker</h1>'));
    const w = fakeScope(fetchImpl);
    const navigate = (preloadResponse: Promise<Response | undefined>) =>
      w.dispatch('fetch', { request: Object.defineProperty(new Request(`${ORIGIN}/stories/a`), 'mode', { value: 'navigate' }), preloadResponse });
    expect(await (await navigate(Promise.resolve(html('<h1>preloaded</h1>'))))!.text()).toBe('<h1>preloaded</h1>');
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(await (await navigate(Promise.resolve(undefined)))!.text()).toBe('<h1>fetched by the worker</h1>');
    // The preload failed (offline): the copy kept of the last answer, as for any navigation.
    fetchImpl.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await (await navigate(Promise.reject(new TypeError('Failed to fetch'))))!.text()).toBe('<h1>fetched by the worker</h1>');
  });

  it('answers hashed assets from the cache once fetched, fetching remote files with CORS', async () => {
    const fetchImpl = jest.fn(async () => new Response('code', { status: 200 }));
    const w = fakeScope(fetchImpl);
    const url = 'http://127.0.0.1:3001/browser/remoteEntry.0a1b2c3d4e.js';
    expect(await (await w.get(url))!.text()).toBe('code');
    expect(await (await w.get(url))!.text()).toBe('code');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith(url, { mode: 'cors', credentials: 'omit', cache: 'default' });
  });

  it('never keeps a failed asset answer', async () => {
    const fetchImpl = jest.fn(async () => new Response('missing', { status: 404 }));
    const w = fakeScope(fetchImpl);
    const url = `${ORIGIN}/_shell/main.0123456789.js`;
    expect((await w.get(url))!.status).toBe(404);
    expect((await w.get(url))!.status).toBe(404);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('serves a visited page and its page data from the cache when the network fails', async () => {
    const fetchImpl = jest.fn(async (r: Request) => (r.url.endsWith('.json') ? Response.json({ path: '/stories/a' }) : html('<h1>Story A</h1>')));
    const w = fakeScope(fetchImpl);
    await w.dispatch('install');
    expect(await (await w.get(`${ORIGIN}/stories/a`, 'navigate'))!.text()).toBe('<h1>Story A</h1>');
    await w.get(`${ORIGIN}/page-data/stories/a/page-data.json`, 'cors');
    fetchImpl.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await (await w.get(`${ORIGIN}/stories/a#top`, 'navigate'))!.text()).toBe('<h1>Story A</h1>');
    expect(await (await w.get(`${ORIGIN}/page-data/stories/a/page-data.json`, 'cors'))!.json()).toEqual({ path: '/stories/a' });
  });

  it('serves the offline page of the right language for a page never visited, and a network error for unknown page data', async () => {
    const w = fakeScope(
      jest.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await w.dispatch('install');
    expect(await (await w.get(`${ORIGIN}/ar/events`, 'navigate'))!.text()).toBe('offline page /ar/offline.html (reload)');
    expect(await (await w.get(`${ORIGIN}/events`, 'navigate'))!.text()).toBe('offline page /offline.html (reload)');
    expect((await w.get(`${ORIGIN}/page-data/events/page-data.json`, 'cors'))!.type).toBe('error');
  });

  it('does not keep error pages', async () => {
    const fetchImpl = jest.fn(async () => new Response('<h1>Not found</h1>', { status: 404, headers: { 'content-type': 'text/html' } }));
    const w = fakeScope(fetchImpl);
    await w.get(`${ORIGIN}/nowhere`, 'navigate');
    expect(w.stores.get(PAGE_CACHE)?.size ?? 0).toBe(0);
  });

  it('never keeps a page or page data its server said no one may store (an editor\'s preview of drafts)', async () => {
    const fetchImpl = jest.fn(async (r: Request) =>
      r.url.endsWith('.json') ? Response.json({ path: '/draft' }, { headers: { 'cache-control': 'private, no-store' } }) : new Response('<h1>Draft</h1>', { headers: { 'content-type': 'text/html', 'cache-control': 'private, no-store' } }),
    );
    const w = fakeScope(fetchImpl);
    expect(await (await w.get(`${ORIGIN}/draft`, 'navigate'))!.text()).toBe('<h1>Draft</h1>');
    await w.get(`${ORIGIN}/page-data/draft/page-data.json`, 'cors');
    expect(w.stores.get(PAGE_CACHE)?.size ?? 0).toBe(0);
  });

  it('keeps at most 60 pages, dropping the oldest', async () => {
    const w = fakeScope(jest.fn(async () => html('page')));
    for (let i = 0; i < 62; i++) await w.get(`${ORIGIN}/p${i}`, 'navigate');
    const keys = [...w.stores.get(PAGE_CACHE)!.keys()];
    expect(keys).toHaveLength(60);
    expect(keys[0]).toBe(`${ORIGIN}/p2`);
  });

  it('shows a pushed notification and opens its page on click, or focuses the window already showing it', async () => {
    const w = fakeScope(jest.fn());
    await w.dispatch('push', { data: { text: () => JSON.stringify({ title: 'New story', body: 'Read it now', url: '/stories/a' }) } });
    expect(w.shown).toEqual([{ title: 'New story', options: { body: 'Read it now', icon: '/icons/icon-192.png', data: { url: `${ORIGIN}/stories/a` } } }]);
    const close = jest.fn();
    await w.dispatch('notificationclick', { notification: { close, data: w.shown[0]!.options.data } });
    expect(close).toHaveBeenCalled();
    expect(w.opened).toEqual([`${ORIGIN}/stories/a`]);
    const focus = jest.fn(async () => undefined);
    w.windows.push({ url: `${ORIGIN}/stories/a`, focus });
    await w.dispatch('notificationclick', { notification: { close, data: { url: `${ORIGIN}/stories/a` } } });
    expect(focus).toHaveBeenCalled();
    expect(w.opened).toHaveLength(1);
  });
});

/** What the network gives a request of each mode, as a browser types it. */
const typed = (response: Response, type: 'basic' | 'cors' | 'opaque'): Response => {
  const clone = response.clone.bind(response);
  Object.defineProperties(response, { type: { value: type }, clone: { value: () => typed(clone(), type) } });
  if (type === 'opaque') Object.defineProperty(response, 'status', { value: 0 });
  return response;
};
const REMOTE_CSS = 'http://127.0.0.1:3005/browser/271.81709ce753.css';
const corsRefused = () => new TypeError('Failed to fetch');

describe('answers valid for the mode of each request (remote stylesheets, scripts, manifests)', () => {
  it.each([
    [{ type: 'cors', status: 200 }, true],
    [{ type: 'basic', status: 200 }, true],
    [{ type: 'cors', status: 404 }, false],
    [{ type: 'opaque', status: 0 }, false],
    [{ type: 'error', status: 0 }, false],
  ])('keeps %j: %s', (response, expected) => {
    expect(keepable(response)).toBe(expected);
  });

  it.each([
    ['no-cors', { type: 'opaque', status: 0 }, true],
    ['cors', { type: 'opaque', status: 0 }, false],
    ['same-origin', { type: 'opaque', status: 0 }, false],
    ['cors', { type: 'cors', status: 200 }, true],
    ['no-cors', { type: 'cors', status: 200 }, true],
    ['cors', { type: 'opaqueredirect', status: 0 }, false],
    ['no-cors', { type: 'error', status: 0 }, false],
  ])('a %s request may get %j: %s', (mode, response, expected) => {
    expect(answers(mode, response)).toBe(expected);
  });

  it('asks the network again when the HTTP cache holds a copy without CORS headers, and then serves every mode from its own copy', async () => {
    // The first CORS read meets the copy a <link> left in the HTTP cache (no Access-Control-Allow-Origin).
    const fetchImpl = jest.fn(async (_url: string, init: RequestInit) => {
      if (init.cache === 'default') throw corsRefused();
      return typed(new Response('.a{}', { status: 200, headers: { 'content-type': 'text/css' } }), 'cors');
    });
    const w = fakeScope(fetchImpl);
    const first = (await w.get(REMOTE_CSS, 'no-cors'))!;
    expect([first.type, first.status, await first.text()]).toEqual(['cors', 200, '.a{}']);
    expect(fetchImpl.mock.calls.map(([, init]) => init)).toEqual([
      { mode: 'cors', credentials: 'omit', cache: 'default' },
      { mode: 'cors', credentials: 'omit', cache: 'reload' },
    ]);
    // An accessibility checker reading the same stylesheet with CORS gets the readable copy.
    const read = (await w.get(REMOTE_CSS, 'cors'))!;
    expect([read.type, await read.text()]).toEqual(['cors', '.a{}']);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('gives a no-cors request the opaque answer of a remote that refuses CORS, keeps nothing, and never gives a CORS read an opaque answer', async () => {
    const fetchImpl = jest.fn(async (input: string | Request) => {
      if (typeof input === 'string') throw corsRefused();
      // The browser's own request, as the page made it.
      if (input.mode === 'cors') throw corsRefused();
      return typed(new Response('.a{}', { status: 200 }), 'opaque');
    });
    const w = fakeScope(fetchImpl);
    expect((await w.get(REMOTE_CSS, 'no-cors'))!.type).toBe('opaque');
    expect(w.stores.get(ASSET_CACHE)?.size ?? 0).toBe(0);
    await expect(w.get(REMOTE_CSS, 'cors')).rejects.toThrow('Failed to fetch');
  });

  it('refetches a copy an older worker kept that cannot answer the request', async () => {
    const fetchImpl = jest.fn(async () => typed(new Response('.fresh{}', { status: 200 }), 'cors'));
    const w = fakeScope(fetchImpl);
    const cache = await w.scope.caches.open(ASSET_CACHE);
    await cache.put(REMOTE_CSS, typed(new Response('', { status: 200 }), 'opaque'));
    const res = (await w.get(REMOTE_CSS, 'cors'))!;
    expect([res.type, await res.text()]).toEqual(['cors', '.fresh{}']);
    expect(w.stores.get(ASSET_CACHE)!.get(REMOTE_CSS)!.type).toBe('cors');
  });

  it('answers from the network when Cache Storage fails (full, or unavailable)', async () => {
    const broken = {
      open: async () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      keys: async () => [],
      delete: async () => false,
    } as unknown as CacheStorage;
    const fetchImpl = jest.fn(async (input: string | Request) =>
      typeof input === 'string' ? typed(new Response('.a{}', { status: 200 }), 'cors') : typed(html('<h1>Story A</h1>'), 'basic'),
    );
    const w = fakeScope(fetchImpl, broken);
    expect(await (await w.get(REMOTE_CSS, 'no-cors'))!.text()).toBe('.a{}');
    expect(await (await w.get(`${ORIGIN}/stories/a`, 'navigate'))!.text()).toBe('<h1>Story A</h1>');
  });
});

describe('push payloads', () => {
  it('never opens another site and survives a payload that is not JSON', () => {
    expect(parsePushPayload(JSON.stringify({ title: 'T', body: 'B', url: 'https://evil.example/x' }), ORIGIN)).toEqual({ title: 'T', body: 'B', url: `${ORIGIN}/` });
    expect(parsePushPayload('plain words', ORIGIN)).toEqual({ title: 'QF', body: 'plain words', url: `${ORIGIN}/` });
    expect(parsePushPayload(null, ORIGIN)).toEqual({ title: 'QF', body: '', url: `${ORIGIN}/` });
  });
});
