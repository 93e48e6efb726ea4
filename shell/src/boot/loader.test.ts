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
    window.IntersectionObserver = jest.fn((callback: (entries: { isIntersecting: boolean }[]) => void) => {
      intersect = callback;
      return { observe: (el: Element) => observed.push(el), disconnect: jest.fn() };
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

  it('holds a press on one of the site links for the boot (it navigates client-side), never one to elsewhere or a modified one', () => {
    run();
    document.body.innerHTML = '<a id="in" href="/events">Events</a><a id="out" href="https://www.instagram.com/qatarfoundation">Instagram</a><a id="top" href="#main">Top</a><a id="tab" href="/events" target="_blank">Events</a>';
    const press = (id: string, init: MouseEventInit = {}) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
      document.getElementById(id)!.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(press('out')).toBe(false);
    expect(press('top')).toBe(false);
    expect(press('tab')).toBe(false);
    expect(press('in', { ctrlKey: true })).toBe(false);
    expect(press('in')).toBe(true);
    expect(bootScripts()).toHaveLength(1);
    // The boot finds the press among those kept for it.
    expect((early[EARLY_EVENTS_GLOBAL] as Event[]).filter((e) => (e as unknown as Record<string, unknown>)[HELD_PROPERTY]).map((e) => (e.target as HTMLAnchorElement).id)).toEqual(['in']);
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
