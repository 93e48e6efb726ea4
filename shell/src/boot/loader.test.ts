/** @jest-environment jsdom */
import { bootLoaderScript, EARLY_EVENTS_GLOBAL } from './loader';
import { BOOT_GLOBAL, HELD_PROPERTY, EARLY_ACTIVITY_GLOBAL, EARLY_STATEMENT_GLOBAL } from './protocol';
import { STATE_ELEMENT_ID } from '../state-ids';

const early = window as unknown as Record<string, unknown>;
const flush = () => new Promise((r) => setTimeout(r, 0));
/** The page's next frame painted and the browser idle: when the loader asks for the statement flag. */
const paintedAndIdle = () => new Promise((r) => requestAnimationFrame(() => setTimeout(() => setTimeout(r, 0), 0)));

describe('the inline boot loader', () => {
  let statement: { show: boolean; url?: string };
  let observed: Element[];
  let intersect: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  let prefetchObserver: { intersect: (entries: { isIntersecting: boolean; target: Element }[]) => void; observed: Element[] } | undefined;
  // Each loader's listeners are taken away after it (one window serves every test).
  const added: [EventTarget, string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
  const forget = () => {
    for (const [target, type, fn, options] of added.splice(0)) target.removeEventListener(type, fn, options);
  };
  const run = () => {
    forget();
    const spies = [window, document].map((target) => {
      const add = target.addEventListener.bind(target);
      return jest.spyOn(target, 'addEventListener').mockImplementation((...[type, fn, options]: Parameters<EventTarget['addEventListener']>) => {
        added.push([target, type, fn!, options]);
        add(type, fn!, options);
      });
    });
    new Function(bootLoaderScript('/_shell/boot/boot.0123456789.js', '/_shell/main.0123456789.js'))();
    for (const spy of spies) spy.mockRestore();
  };
  const bootScripts = () => [...document.head.querySelectorAll('script')].filter((s) => s.src.includes('/boot/'));
  const loading = () => Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
  /** The server's page: the state the loader reads its policies from, and what it observes. */
  const page = (state: unknown, body = '') => {
    document.body.innerHTML = `${body}<script type="application/json" id="${STATE_ELEMENT_ID}">${JSON.stringify(state)}</script>`;
  };
  const ok = (hydration: string, widgets: { key: string; hydration: string }[] = []) => ({ status: 'ok', pageData: { result: { page: { hydration } } }, widgets });

  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    for (const key of [BOOT_GLOBAL, EARLY_EVENTS_GLOBAL, EARLY_ACTIVITY_GLOBAL, EARLY_STATEMENT_GLOBAL]) delete early[key];
    statement = { show: false };
    observed = [];
    intersect = undefined;
    window.fetch = jest.fn(async () => ({ ok: true, json: async () => statement })) as unknown as typeof fetch;
    window.requestIdleCallback = ((callback: () => void) => setTimeout(callback, 0)) as unknown as typeof requestIdleCallback;
    prefetchObserver = undefined;
    window.IntersectionObserver = jest.fn((callback: (entries: { isIntersecting: boolean; target?: Element }[]) => void) => {
      // The loader's first observer watches slots; the one its prefetch makes watches links.
      const links = intersect !== undefined || document.querySelector('a[href]') !== null;
      const watching: Element[] = [];
      if (links) prefetchObserver = { intersect: callback, observed: watching };
      else intersect = callback;
      return { observe: (el: Element) => (links ? watching : observed).push(el), unobserve: jest.fn(), disconnect: jest.fn() };
    }) as unknown as typeof IntersectionObserver;
    window.history.replaceState(null, '', '/stories/a');
    loading();
  });
  afterEach(async () => {
    // A loader's statement flag is asked after a frame: let it go here, not in the next test.
    await paintedAndIdle();
    forget();
    delete (document as { readyState?: string }).readyState;
  });

  it('fetches the boot once, at the first touch, pointer, focus or key, and records them for the boot to replay', () => {
    run();
    expect(bootScripts()).toHaveLength(0);
    const button = document.createElement('button');
    document.body.append(button);
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(bootScripts()).toHaveLength(1);
    expect(bootScripts()[0]!.getAttribute('data-app')).toBe('/_shell/main.0123456789.js');
    // Recorded for the boot to replay, in order, without being stopped.
    expect((early[EARLY_EVENTS_GLOBAL] as Event[]).map((e) => [e.type, e.defaultPrevented])).toEqual([
      ['pointerdown', false],
      ['click', false],
    ]);
    early[BOOT_GLOBAL] = {};
    document.body.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(early[EARLY_EVENTS_GLOBAL]).toHaveLength(2);
  });

  it('never holds a press on one of the site links, and fetches nothing for it: the browser navigates at once', () => {
    run();
    document.body.innerHTML = '<a id="in" href="/events">Events</a><a id="out" href="https://www.instagram.com/qatarfoundation">Instagram</a><a id="top" href="#main">Top</a>';
    const press = (id: string) => {
      const link = document.getElementById(id)!;
      for (const type of ['touchstart', 'pointerdown']) link.dispatchEvent(new Event(type, { bubbles: true }));
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      link.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(press('in')).toBe(false);
    // The boot would only compete with the next page for the network.
    expect(bootScripts()).toHaveLength(0);
    expect(early[EARLY_EVENTS_GLOBAL]).toEqual([]);
    // A link that stays on the page (an anchor) or leaves the site is the page's use: the boot comes.
    expect(press('top')).toBe(false);
    expect(bootScripts()).toHaveLength(1);
    expect(press('out')).toBe(false);
  });

  it('holds a press on a link to this same page ("load more") for the boot, which gives it to the section', () => {
    run();
    document.body.innerHTML = '<a id="more" href="/stories/a?page=2">More</a><a id="other" href="/stories/b">Other</a>';
    const press = (id: string) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      document.getElementById(id)!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(press('other')).toBe(false);
    expect(bootScripts()).toHaveLength(0);
    expect(press('more')).toBe(true);
    expect(bootScripts()).toHaveLength(1);
    expect((early[EARLY_EVENTS_GLOBAL] as Event[]).filter((e) => (e as unknown as Record<string, unknown>)[HELD_PROPERTY]).map((e) => (e.target as HTMLElement).id)).toEqual(['more']);
    // The boot came: the loader does not follow the link itself after its wait.
    early[BOOT_GLOBAL] = {};
  });

  it('holds a widget form sent before the boot came for the boot, and posts it as it is when the boot does not come', () => {
    jest.useFakeTimers();
    run();
    document.body.innerHTML = '<div data-qf-widget="mf-forms/NewsletterSignup"><form id="w"><button id="send" name="list" value="monthly">Subscribe</button></form></div><form id="plain"></form>';
    const send = (id: string, submitter?: HTMLElement) => {
      const event = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter });
      document.getElementById(id)!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(send('plain')).toBe(false);
    const requestSubmit = jest.spyOn(HTMLFormElement.prototype, 'requestSubmit').mockImplementation(() => undefined);
    expect(send('w', document.getElementById('send')!)).toBe(true);
    expect(bootScripts()).toHaveLength(1);
    expect((early[EARLY_EVENTS_GLOBAL] as Event[]).map((e) => e.type)).toEqual(['submit']);
    jest.advanceTimersByTime(2000);
    // No boot: sent again as it was (with the button pressed), and this time let through.
    expect(requestSubmit).toHaveBeenCalledWith(document.getElementById('send'));
    expect(send('w')).toBe(false);
    requestSubmit.mockRestore();
    jest.useRealTimers();
  });

  it('fetches the boot for a field changed without a pointer or focus (a script, an assistive tool), and keeps the change', () => {
    run();
    document.body.innerHTML = '<select id="school"><option value="">All</option><option value="hec">HEC</option></select>';
    const select = document.getElementById('school') as HTMLSelectElement;
    select.value = 'hec';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(bootScripts()).toHaveLength(1);
    expect((early[EARLY_EVENTS_GLOBAL] as Event[]).map((e) => e.type)).toEqual(['change']);
  });

  it('runs nothing on a page that is only looked at: once it is painted it asks for the statement flag, and the boot waits for the visitor', async () => {
    page(ok('interaction', [{ key: 'newsletter', hydration: 'idle' }]));
    run();
    window.dispatchEvent(new Event('load'));
    await flush();
    // Not before the first frame: a request then would hold the first paint on a slow connection.
    expect(window.fetch).not.toHaveBeenCalled();
    await paintedAndIdle();
    expect(bootScripts()).toHaveLength(0);
    expect(window.fetch).toHaveBeenCalledTimes(1);
    expect(window.fetch).toHaveBeenCalledWith('/statement-notification.json', expect.objectContaining({ headers: { accept: 'application/json' }, priority: 'low' }));
    await expect(early[EARLY_STATEMENT_GLOBAL]).resolves.toEqual({ show: false });
    // Using the page (a scroll) brings the boot, and says so for the idle policies; it is not replayed.
    window.dispatchEvent(new Event('scroll'));
    expect(bootScripts()).toHaveLength(1);
    expect(early[EARLY_ACTIVITY_GLOBAL]).toBe(1);
    expect(early[EARLY_EVENTS_GLOBAL]).toEqual([]);
  });

  it('fetches the boot at load for what needs no visitor: an eager section or widget, a search to restore, the map in the address', () => {
    const cases: [unknown, string][] = [
      [ok('eager'), '/stories/a'],
      [ok('interaction', [{ key: 'countdown', hydration: 'eager' }]), '/stories/a'],
      [ok('fragment'), '/search#q=library'],
      [ok('interaction'), '/#map-education-city'],
    ];
    for (const [state, address] of cases) {
      document.head.innerHTML = '';
      window.history.replaceState(null, '', address);
      page(state);
      run();
      window.dispatchEvent(new Event('load'));
      expect([address, bootScripts().length]).toEqual([address, 1]);
    }
    // A search page without a query to restore waits like any other.
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/search');
    page(ok('fragment'));
    run();
    window.dispatchEvent(new Event('load'));
    expect(bootScripts()).toHaveLength(0);
  });

  it('fetches the boot when a slot with the visible policy comes near the viewport', () => {
    page(ok('interaction', [{ key: 'poll', hydration: 'visible' }]), '<div data-qf-root="footer" data-qf-hydrate="visible"><footer>f</footer></div><div id="qf-main-slot"><div data-qf-key="poll">p</div></div>');
    window.CSS = { escape: (s: string) => s } as unknown as typeof CSS;
    run();
    window.dispatchEvent(new Event('load'));
    expect(observed.map((el) => el.tagName.toLowerCase() + (el.getAttribute('data-qf-key') ?? ''))).toEqual(['footer', 'divpoll']);
    intersect!([{ isIntersecting: false }]);
    expect(bootScripts()).toHaveLength(0);
    intersect!([{ isIntersecting: true }]);
    expect(bootScripts()).toHaveLength(1);
  });

  describe('prefetch (SPEC §9) while the page has no app', () => {
    const links = '<a href="/events">E</a><a href="/ar/stories/a" data-language-switch="">العربية</a><a href="/stories/a">this page</a><a href="https://elsewhere.example/x">X</a><a href="#top">T</a><a href="/api/forms/x">API</a><a href="/files/report.pdf">PDF</a><a href="/stories/b" target="_blank">new tab</a>' +
      ['/programmes', '/schools', '/people', '/places', '/events?type=talk'].map((h) => `<a href="${h}">${h}</a>`).join('');
    const prefetched = () => [...document.head.querySelectorAll('script[type="speculationrules"]')].map((s) => (JSON.parse(s.textContent ?? '') as { prefetch: { source: string; urls: string[] }[] }).prefetch);
    const allInView = () => prefetchObserver!.intersect(prefetchObserver!.observed.map((target) => ({ isIntersecting: true, target })));
    let supports: PropertyDescriptor | undefined;
    beforeEach(() => {
      supports = Object.getOwnPropertyDescriptor(HTMLScriptElement, 'supports');
      Object.defineProperty(HTMLScriptElement, 'supports', { configurable: true, value: (type: string) => type === 'speculationrules' });
      jest.useFakeTimers();
    });
    afterEach(() => {
      jest.useRealTimers();
      if (supports) Object.defineProperty(HTMLScriptElement, 'supports', supports);
      else delete (HTMLScriptElement as { supports?: unknown }).supports;
      Object.defineProperty(window.navigator, 'userAgent', { configurable: true, value: navigator.userAgent });
    });

    it('prefetches the site pages whose links come into view, from 3 s after load, in batches of 4 every 3 s, with the page nonce', () => {
      page(ok('interaction'), links);
      run();
      window.dispatchEvent(new Event('load'));
      // Only pages of this site, never this page, the language switch, a file, an API, an anchor or a new tab.
      expect(prefetchObserver!.observed.map((a) => a.getAttribute('href'))).toEqual(['/events', '/programmes', '/schools', '/people', '/places', '/events?type=talk']);
      allInView();
      jest.advanceTimersByTime(2999);
      expect(prefetched()).toEqual([]);
      jest.advanceTimersByTime(1);
      const origin = window.location.origin;
      expect(prefetched()).toEqual([[{ source: 'list', urls: ['/events', '/programmes', '/schools', '/people'].map((p) => origin + p) }]]);
      jest.advanceTimersByTime(2999);
      expect(prefetched()).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(prefetched()[1]).toEqual([{ source: 'list', urls: [`${origin}/places`, `${origin}/events?type=talk`] }]);
      // Prefetching fetches no script of ours.
      expect(bootScripts()).toHaveLength(0);
    });

    it('stops once the app runs (its own prefetcher takes over), and uses <link rel=prefetch> where speculation rules are unknown', () => {
      delete (HTMLScriptElement as { supports?: unknown }).supports;
      page(ok('interaction'), links);
      run();
      window.dispatchEvent(new Event('load'));
      allInView();
      jest.advanceTimersByTime(3000);
      expect([...document.head.querySelectorAll('link[rel="prefetch"]')].map((l) => l.getAttribute('href'))).toEqual(['/events', '/programmes', '/schools', '/people'].map((p) => window.location.origin + p));
      document.documentElement.setAttribute('data-qf-app', '');
      jest.advanceTimersByTime(3000);
      expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(4);
      document.documentElement.removeAttribute('data-qf-app');
    });

    it('prefetches nothing for a robot, on 2g or with the data saver on', () => {
      for (const [userAgent, connection] of [
        ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', undefined],
        [navigator.userAgent, { effectiveType: 'slow-2g' }],
        [navigator.userAgent, { effectiveType: '4g', saveData: true }],
      ] as const) {
        document.head.innerHTML = '';
        prefetchObserver = undefined;
        Object.defineProperty(window.navigator, 'userAgent', { configurable: true, value: userAgent });
        Object.defineProperty(window.navigator, 'connection', { configurable: true, value: connection });
        page(ok('interaction'), links);
        run();
        window.dispatchEvent(new Event('load'));
        jest.advanceTimersByTime(10_000);
        expect([userAgent, prefetchObserver, prefetched()]).toEqual([userAgent, undefined, []]);
      }
      delete (window.navigator as { connection?: unknown }).connection;
    });
  });

  it('fetches the boot when the statement flag says to show the notice', async () => {
    statement = { show: true, url: 'https://statements.qf.org.qa' };
    page(ok('interaction'));
    run();
    window.dispatchEvent(new Event('load'));
    await paintedAndIdle();
    await flush();
    expect(bootScripts()).toHaveLength(1);
  });

  it('leaves the statement flag to a boot that is already running', async () => {
    page(ok('eager'));
    run();
    window.dispatchEvent(new Event('load'));
    expect(bootScripts()).toHaveLength(1);
    early[BOOT_GLOBAL] = {};
    await paintedAndIdle();
    expect(window.fetch).not.toHaveBeenCalled();
    expect(early[EARLY_STATEMENT_GLOBAL]).toBeUndefined();
  });
});
