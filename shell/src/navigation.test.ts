/** @jest-environment jsdom */
import { compositionOf, loadCompositionHash, reloadInto, loadPageData, reloadOnceFor, RELOAD_FLAG } from './navigation';
import { clientNavigationTarget } from './link-target';

const pageData = {
  path: '/events',
  componentChunkName: 'mf-events/events',
  webpackCompilationHash: 'h1',
  staticQueryHashes: [],
  slicesMap: {},
  result: { lang: 'en', remote: 'mf-events', page: { template: 'events', head: { title: 'Events', description: '', alternatePath: '/ar/events' }, data: {}, widgets: [], hydration: 'idle' }, remotes: [] },
};

const answer = (status: number, body: unknown = {}) => ({ status, ok: status >= 200 && status < 300, json: async () => body }) as Response;

describe('loading page data (SPEC §4 and §8)', () => {
  it('returns the page data of a page that exists', async () => {
    const fetchImpl = jest.fn().mockResolvedValue(answer(200, pageData));
    await expect(loadPageData('/events', '', fetchImpl, 0)).resolves.toEqual({ kind: 'ok', pageData });
    expect(fetchImpl).toHaveBeenCalledWith('/page-data/events/page-data.json', expect.anything());
  });

  it('treats 404 as the 404 page and 500 as the 500 page, without retrying', async () => {
    const notFound = jest.fn().mockResolvedValue(answer(404));
    await expect(loadPageData('/nope', '', notFound, 0)).resolves.toEqual({ kind: 'not-found' });
    expect(notFound).toHaveBeenCalledTimes(1);
    const broken = jest.fn().mockResolvedValue(answer(500));
    await expect(loadPageData('/x', '', broken, 0)).resolves.toEqual({ kind: 'error' });
  });

  it('retries other failures 3 times, then gives up for a full navigation', async () => {
    const fetchImpl = jest.fn().mockResolvedValueOnce(answer(503)).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(answer(200, { not: 'page data' })).mockResolvedValueOnce(answer(502));
    await expect(loadPageData('/events', '', fetchImpl, 0)).resolves.toEqual({ kind: 'failed' });
    expect(fetchImpl).toHaveBeenCalledTimes(4);
  });

  it('succeeds when a retry does', async () => {
    const fetchImpl = jest.fn().mockRejectedValueOnce(new Error('blip')).mockResolvedValueOnce(answer(200, pageData));
    await expect(loadPageData('/events', '?page=2', fetchImpl, 0)).resolves.toMatchObject({ kind: 'ok' });
    expect(fetchImpl).toHaveBeenLastCalledWith('/page-data/events/page-data.json?page=2', expect.anything());
  });

  it('reads the composition hash from app data', async () => {
    await expect(loadCompositionHash(jest.fn().mockResolvedValue(answer(200, { webpackCompilationHash: 'abc' })))).resolves.toBe('abc');
    await expect(loadCompositionHash(jest.fn().mockRejectedValue(new Error('offline')))).resolves.toBeNull();
  });
});

describe('the composition a navigation goes by', () => {
  it('is a new one if anything known says so, the page one otherwise, and unknown when nothing is known', () => {
    // A prefetched page made by the page's composition, nothing asked since: rendered as it is.
    expect(compositionOf([null, 'a'], 'a')).toBe('a');
    // Made by a new composition, or a new one seen after an earlier navigation: reload.
    expect(compositionOf([null, 'b'], 'a')).toBe('b');
    expect(compositionOf(['b', 'a'], 'a')).toBe('b');
    // Nothing empty counts.
    expect(compositionOf(['', 'a'], 'a')).toBe('a');
    expect(compositionOf([null, undefined], 'a')).toBeNull();
  });
});

describe('the guarded reload', () => {
  it('loads the target anew from the server (a reload of its own address, not a navigation the HTTP cache may answer), keeping Back', () => {
    const calls: string[] = [];
    reloadInto('/events/a', { history: { pushState: (_s: unknown, _t: string, u: string) => void calls.push(`push ${u}`) }, location: { reload: () => void calls.push('reload') } } as unknown as Window);
    expect(calls).toEqual(['push /events/a', 'reload']);
  });

  it('reloads once for a new composition and never again for the same one', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const assign = jest.fn();
    expect(reloadOnceFor('h2', '/events', storage, assign)).toBe(true);
    expect(assign).toHaveBeenCalledWith('/events');
    expect(store.get(RELOAD_FLAG)).toBe('h2');
    expect(reloadOnceFor('h2', '/events', storage, assign)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(reloadOnceFor('h3', '/x', storage, assign)).toBe(true);
  });
});

describe('which clicks navigate client-side', () => {
  const click = (html: string, init: MouseEventInit = {}) => {
    document.body.innerHTML = html;
    const anchor = document.querySelector('a') as HTMLAnchorElement;
    let result: URL | null = null;
    const listener = (event: MouseEvent) => {
      result = clientNavigationTarget(event, window.location);
      event.preventDefault();
    };
    document.addEventListener('click', listener);
    anchor.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
    document.removeEventListener('click', listener);
    return result as URL | null;
  };

  it('takes internal page links, even from inside a section', () => {
    expect(click('<a href="/events"><span>Events</span></a>')?.pathname).toBe('/events');
    expect(click('<a href="/ar/stories/x?y=1">x</a>')?.search).toBe('?y=1');
  });

  it.each([
    ['another target', '<a href="/events" target="_blank">x</a>', {}],
    ['a download', '<a href="/events" download>x</a>', {}],
    ['a hash-only link', '<a href="#section-2">x</a>', {}],
    ['a file', '<a href="/files/report.pdf">x</a>', {}],
    ['another origin', '<a href="https://example.org/events">x</a>', {}],
    ['an API path', '<a href="/api/forms/x">x</a>', {}],
    ['the preview\'s way out (it clears a cookie: no page, never prefetched)', '<a href="/_preview/leave">x</a>', {}],
    ['the preview address', '<a href="/_preview?secret=x&path=/a">x</a>', {}],
    ['a modified click', '<a href="/events">x</a>', { ctrlKey: true }],
    ['a middle click', '<a href="/events">x</a>', { button: 1 }],
    ['a mail link', '<a href="mailto:a@b.c">x</a>', {}],
  ])('leaves %s to the browser', (_label, html, init) => {
    expect(click(html, init)).toBeNull();
  });
});
