/** @jest-environment jsdom */
import { createPrefetcher } from './prefetch';
import { prefetchAllowed, type PrefetchEnv } from './prefetch-rules';
import type { PageLoad } from './navigation';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** An IntersectionObserver the test drives: `show(el)` brings an observed element into view. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed = new Set<Element>();
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(el: Element) {
    this.observed.add(el);
  }
  unobserve(el: Element) {
    this.observed.delete(el);
  }
  disconnect() {
    this.observed.clear();
  }
  show(...els: Element[]) {
    const entries = els.filter((el) => this.observed.has(el)).map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
  hide(...els: Element[]) {
    const entries = els.filter((el) => this.observed.has(el)).map((target) => ({ target, isIntersecting: false }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const ok = (path: string): PageLoad => ({ kind: 'ok', pageData: { path } as never });

function setup(env: PrefetchEnv = { userAgent: CHROME }, links = ['/stories/a', '/stories/b', '/stories/c', '/stories/d', '/stories/e', '/stories/f'], onLoaded?: (load: PageLoad) => void) {
  document.body.innerHTML = `<main>${links.map((href) => `<a href="${href}">${href}</a>`).join('')}<a href="/">here</a><a href="https://other.example/x">out</a><a href="/report.pdf">pdf</a><a href="#top">top</a><a href="/ar" data-language-switch="">العربية</a></main>`;
  window.history.replaceState(null, '', '/');
  const load = jest.fn(async (sitePath: string) => ok(sitePath));
  FakeObserver.instances = [];
  const prefetcher = createPrefetcher({ load, env, onLoaded, location: window.location, IntersectionObserver: FakeObserver as unknown as typeof IntersectionObserver });
  prefetcher.watch(document);
  const observer = FakeObserver.instances[0];
  const anchors = [...document.querySelectorAll('a')];
  const showAll = () => observer?.show(...anchors);
  return { load, prefetcher, observer, anchors, showAll };
}

const fetched = (load: jest.Mock) => load.mock.calls.map((c) => c[0]);

describe('prefetching page data of links in view', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('watches only links the router would handle: not the current page, the language switch, other sites, files or hashes', () => {
    const { observer, anchors } = setup();
    expect([...observer!.observed].map((a) => a.getAttribute('href'))).toEqual(['/stories/a', '/stories/b', '/stories/c', '/stories/d', '/stories/e', '/stories/f', '/']);
    expect(observer!.observed.has(anchors.find((a) => a.getAttribute('href') === '/report.pdf')!)).toBe(false);
  });

  it('waits 3000 ms, then fetches batches of 4 paths 3000 ms apart', async () => {
    const { load, showAll } = setup();
    showAll();
    jest.advanceTimersByTime(2999);
    expect(load).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fetched(load)).toEqual(['/stories/a', '/stories/b', '/stories/c', '/stories/d']);
    jest.advanceTimersByTime(2999);
    expect(load).toHaveBeenCalledTimes(4);
    jest.advanceTimersByTime(1);
    expect(fetched(load)).toEqual(['/stories/a', '/stories/b', '/stories/c', '/stories/d', '/stories/e', '/stories/f']);
    jest.advanceTimersByTime(30_000);
    expect(load).toHaveBeenCalledTimes(6);
  });

  it('keeps the spacing for links that come into view later, and never fetches one twice', () => {
    const { load, observer, anchors } = setup();
    observer!.show(anchors[0]!);
    jest.advanceTimersByTime(3000);
    expect(fetched(load)).toEqual(['/stories/a']);
    jest.advanceTimersByTime(1000);
    observer!.show(anchors[1]!);
    jest.advanceTimersByTime(1999);
    expect(load).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(fetched(load)).toEqual(['/stories/a', '/stories/b']);
    observer!.show(anchors[0]!, anchors[1]!);
    jest.advanceTimersByTime(10_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('counts the first delay from the page load, not from when the app started', () => {
    document.body.innerHTML = '<a href="/stories/a">a</a>';
    const load = jest.fn(async (sitePath: string) => ok(sitePath));
    FakeObserver.instances = [];
    const prefetcher = createPrefetcher({ load, env: { userAgent: CHROME }, loadedAt: Date.now() - 2500, location: window.location, IntersectionObserver: FakeObserver as unknown as typeof IntersectionObserver });
    prefetcher.watch(document);
    FakeObserver.instances[0]!.show(document.querySelector('a')!);
    jest.advanceTimersByTime(499);
    expect(load).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(fetched(load)).toEqual(['/stories/a']);
  });

  it('takes the links in view first: those the visitor scrolled past wait', () => {
    const { load, observer, anchors } = setup();
    observer!.show(...anchors.slice(0, 6));
    // The visitor scrolls on: the first four leave the view, the last two stay.
    observer!.hide(...anchors.slice(0, 4));
    jest.advanceTimersByTime(3000);
    expect(fetched(load)).toEqual(['/stories/e', '/stories/f', '/stories/a', '/stories/b']);
    jest.advanceTimersByTime(3000);
    expect(fetched(load)).toHaveLength(6);
  });

  it('fetches a hovered link at once, whatever the batches', () => {
    const { load, prefetcher, anchors } = setup();
    prefetcher.hover(anchors[4]!.firstChild);
    expect(fetched(load)).toEqual(['/stories/e']);
    prefetcher.hover(anchors[4]!);
    prefetcher.hover(anchors[6]!);
    prefetcher.hover(anchors[7]!);
    prefetcher.hover(document.body);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('announces every prefetched page once, in view or pointed at, so its section code follows its data', async () => {
    const loaded: string[] = [];
    const { prefetcher, showAll, anchors } = setup(undefined, undefined, (l) => void (l.kind === 'ok' && loaded.push(l.pageData.path)));
    showAll();
    jest.advanceTimersByTime(3000);
    prefetcher.hover(anchors[5]!);
    prefetcher.hover(anchors[0]!);
    await Promise.resolve();
    await Promise.resolve();
    expect(loaded).toEqual(['/stories/a', '/stories/b', '/stories/c', '/stories/d', '/stories/f']);
    // The next batch; then a page fetched again after its time to live: its code is already there.
    jest.advanceTimersByTime(31_000);
    prefetcher.hover(anchors[0]!);
    await Promise.resolve();
    await Promise.resolve();
    expect(loaded).toEqual(['/stories/a', '/stories/b', '/stories/c', '/stories/d', '/stories/f', '/stories/e']);
  });

  it.each([
    ['2g', { userAgent: CHROME, connection: { effectiveType: '2g' } }],
    ['slow-2g', { userAgent: CHROME, connection: { effectiveType: 'slow-2g' } }],
    ['the data saver', { userAgent: CHROME, connection: { effectiveType: '4g', saveData: true } }],
    ['Googlebot', { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }],
    ['Bingbot', { userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' }],
  ])('fetches nothing on %s, not even on hover', (_name, env: PrefetchEnv) => {
    expect(prefetchAllowed(env)).toBe(false);
    const { load, prefetcher, showAll, anchors } = setup(env);
    showAll();
    prefetcher.hover(anchors[0]!);
    jest.advanceTimersByTime(60_000);
    expect(load).not.toHaveBeenCalled();
  });

  it('prefetches on 3g and 4g and for ordinary browsers', () => {
    expect(prefetchAllowed({ userAgent: CHROME, connection: { effectiveType: '3g' } })).toBe(true);
    expect(prefetchAllowed({ userAgent: CHROME })).toBe(true);
  });
});

describe('handing prefetched page data to the navigation', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('hands a fresh load over once, and nothing after its time to live', async () => {
    const { load, prefetcher, anchors } = setup();
    prefetcher.hover(anchors[0]!);
    await expect(prefetcher.take('/stories/a', '')).resolves.toEqual(ok('/stories/a'));
    expect(prefetcher.take('/stories/a', '')).toBeUndefined();
    prefetcher.hover(anchors[1]!);
    jest.advanceTimersByTime(30_000);
    expect(prefetcher.take('/stories/b', '')).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps no failed load', async () => {
    const { load, prefetcher, anchors } = setup();
    load.mockResolvedValueOnce({ kind: 'failed' });
    prefetcher.hover(anchors[2]!);
    await Promise.resolve();
    await Promise.resolve();
    expect(prefetcher.take('/stories/c', '')).toBeUndefined();
  });

  it('stops its timers and observer when stopped', () => {
    const { load, prefetcher, showAll } = setup();
    showAll();
    prefetcher.stop();
    jest.advanceTimersByTime(10_000);
    expect(load).not.toHaveBeenCalled();
  });
});
