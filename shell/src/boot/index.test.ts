/** @jest-environment jsdom */
import { boot } from './index';
import { OPEN_ASSISTANT_EVENT } from '../chrome/assistant-event';
import { resetIntlWarm } from './intl-warm';
import { EARLY_EVENTS_GLOBAL } from './loader';
import { BOOT_GLOBAL, HELD_PROPERTY, type BootWindow, type RootName, type ShellApp } from './protocol';

/** A page as the server sends it: a header root with a menu button, a section with a widget, a link. */
let doc: Document;
function serverPage(pageHydration = 'interaction') {
  // A document of its own per test: each boot's listeners stay with its page.
  doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = `
    <div data-qf-root="header" data-qf-hydrate="interaction"><button type="button" id="menu">Menu</button><a href="/events" id="events">Events</a></div>
    <main id="main"><div id="qf-main-slot"><div data-qf-section><p id="text">Story <a href="/stories?page=2" id="more">More</a></p><select id="area"><option value="">All</option><option value="x">X</option></select><div data-qf-widget="mf-forms/NewsletterSignup" data-qf-key="n#story"><input id="email"></div></div></div></main>
    <script type="application/json" id="__QF_STATE__">${JSON.stringify({ status: 'ok', pageData: { result: { page: { hydration: pageHydration } } }, widgets: [{ key: 'n#story', hydration: 'interaction' }] })}</script>`;
}

/** A stand-in for the app the boot fetches: arrives when the boot appends its script. */
function fakeApp() {
  const started = new Set<RootName>();
  const app: jest.Mocked<ShellApp> = {
    hydrateRoot: jest.fn(async (name: RootName) => void started.add(name)),
    rootStarted: jest.fn((name: RootName) => started.has(name)),
    // Like the app: the section becomes interactive when the trigger the boot shares fires.
    startSections: jest.fn(
      () => new Promise<void>((resolve) => (window as BootWindow)[BOOT_GLOBAL]!.triggers.when('slot:main', doc.getElementById('qf-main-slot')!, 'interaction', resolve)),
    ),
    navigate: jest.fn(async (_url: URL, _push: boolean) => undefined),
    prefetch: jest.fn(),
  };
  const observer = new MutationObserver(() => {
    const script = doc.head.querySelector('script[src="/_shell/main.js"]');
    if (script) {
      observer.disconnect();
      queueMicrotask(() => (window as BootWindow)[BOOT_GLOBAL]!.ready(app));
    }
  });
  observer.observe(doc.head, { childList: true });
  return app;
}

/** Long enough for the boot to fetch the app after the next paint, and the app to answer. */
const flush = async () => {
  await new Promise((r) => setTimeout(r, 150));
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};
const start = () => {
  const script = doc.createElement('script');
  script.setAttribute('data-app', '/_shell/main.js');
  Object.defineProperty(doc, 'currentScript', { configurable: true, get: () => script });
  return boot(window as BootWindow, doc);
};

/** What the inline loader does with a press on a link to this same page before the boot: kept for the boot, its default held. */
function pressHeldByLoader(el: HTMLElement, early: Event[]): void {
  el.addEventListener(
    'click',
    (e) => {
      e.preventDefault();
      (e as unknown as Record<string, unknown>)[HELD_PROPERTY] = 1;
      early.push(e);
    },
    { once: true },
  );
  el.click();
}

describe('the boot', () => {
  // jsdom has no fetch: the statement notice the boot reads after load gets no answer here.
  beforeAll(() => {
    window.fetch = jest.fn(() => new Promise<Response>(() => undefined));
  });
  afterEach(() => {
    delete (window as BootWindow)[BOOT_GLOBAL];
  });

  it('fetches nothing until the visitor needs something', async () => {
    serverPage();
    fakeApp();
    start();
    await flush();
    expect(doc.head.querySelector('script')).toBeNull();
  });

  it("loads the browser's Intl data on another thread when the app is first fetched, never for a page only looked at", async () => {
    const workers: unknown[] = [];
    const worker = { addEventListener: jest.fn(), terminate: jest.fn() };
    const win = window as unknown as { Worker?: unknown };
    win.Worker = jest.fn(function (this: unknown, url: URL) {
      workers.push(url);
      return worker;
    });
    resetIntlWarm();
    try {
      serverPage();
      fakeApp();
      start();
      await flush();
      expect(workers).toEqual([]);
      doc.getElementById('menu')!.click();
      await flush();
      expect(workers).toHaveLength(1);
      expect(String(workers[0])).toMatch(/intl-warm/);
    } finally {
      delete win.Worker;
    }
  });

  it('holds a press on a header control until the header is interactive, then presses it again', async () => {
    serverPage();
    const app = fakeApp();
    start();
    const menu = doc.getElementById('menu')!;
    const pressed = jest.fn();
    menu.addEventListener('click', pressed);
    menu.click();
    expect(pressed).not.toHaveBeenCalled();
    await flush();
    expect(app.hydrateRoot).toHaveBeenCalledWith('header');
    expect(pressed).toHaveBeenCalledTimes(1);
    // Once the root has started, React handles its events itself.
    menu.click();
    expect(pressed).toHaveBeenCalledTimes(2);
  });

  it('holds an arrow key on a menu control until the header is interactive, then gives it again', async () => {
    serverPage();
    const app = fakeApp();
    start();
    const menu = doc.getElementById('menu')!;
    const keys: string[] = [];
    menu.addEventListener('keydown', (e) => keys.push(e.key));
    const arrow = new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true });
    menu.dispatchEvent(arrow);
    expect(arrow.defaultPrevented).toBe(true);
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    expect(keys).toEqual(['a']);
    await flush();
    expect(app.hydrateRoot).toHaveBeenCalledWith('header');
    expect(keys).toEqual(['a', 'ArrowRight']);
  });

  it('gives again an arrow key pressed on a menu control before the boot itself came (kept by the inline loader)', async () => {
    serverPage();
    const app = fakeApp();
    const menu = doc.getElementById('menu')!;
    const early: Event[] = [];
    const keep = (e: Event) => early.push(e);
    menu.addEventListener('keydown', keep, { once: true });
    menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    (window as unknown as Record<string, unknown>)[EARLY_EVENTS_GLOBAL] = early;
    const keys: string[] = [];
    menu.addEventListener('keydown', (e) => keys.push(e.key));
    start();
    await flush();
    expect(app.hydrateRoot).toHaveBeenCalledWith('header');
    expect(keys).toEqual(['ArrowRight']);
  });

  it('leaves a link click before the app runs to the browser (a plain navigation, nothing fetched for it), and navigates client-side once it runs', async () => {
    serverPage();
    const app = fakeApp();
    start();
    const link = doc.getElementById('events')!;
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    const early = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(false);
    await flush();
    expect(doc.head.querySelector('script[src="/_shell/main.js"]')).toBeNull();
    expect(app.prefetch).not.toHaveBeenCalled();
    // The visitor reaches for the menu: the app comes, and from then on links are client-side.
    doc.getElementById('menu')!.click();
    await flush();
    link.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(app.prefetch).toHaveBeenCalledWith(link);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await flush();
    expect(app.navigate).toHaveBeenCalledWith(new URL('http://localhost/events'), true);
  });

  it('keeps the address after # when switching language (a shared search keeps its query and filters)', async () => {
    serverPage();
    doc.querySelector('[data-qf-root="header"]')!.insertAdjacentHTML('beforeend', '<a href="/ar/search" id="switch" data-language-switch="">العربية</a>');
    const app = fakeApp();
    start();
    window.history.replaceState(null, '', '/search#all=1&type=article&s=library');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    doc.getElementById('switch')!.dispatchEvent(click);
    // Before the app, the browser follows the link, which now carries the address after #.
    expect(click.defaultPrevented).toBe(false);
    expect(doc.getElementById('switch')!.getAttribute('href')).toBe('/ar/search#all=1&type=article&s=library');
    // Once the app runs, the same press is a client-side navigation to that address.
    doc.getElementById('menu')!.click();
    await flush();
    doc.getElementById('switch')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    await flush();
    expect(app.navigate).toHaveBeenCalledWith(new URL('http://localhost/ar/search#all=1&type=article&s=library'), true);
    window.history.replaceState(null, '', '/');
  });

  it('starts the sections when their own policy fires, not before', async () => {
    serverPage();
    const app = fakeApp();
    start();
    await flush();
    expect(app.startSections).not.toHaveBeenCalled();
    doc.getElementById('email')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    await flush();
    expect(app.startSections).toHaveBeenCalled();
  });

  it('starts an eager section at once, without failing, and still gives a choice made before it was interactive', async () => {
    serverPage('eager');
    const app = fakeApp();
    expect(() => start()).not.toThrow();
    const area = doc.getElementById('area') as HTMLSelectElement;
    area.value = 'x';
    area.dispatchEvent(new Event('change', { bubbles: true }));
    area.value = '';
    await flush();
    expect(app.startSections).toHaveBeenCalled();
    expect(area.value).toBe('x');
  });

  it('holds a press on a link of the section to this same page until the section is interactive, then presses it again ("load more" in place)', async () => {
    serverPage();
    window.history.replaceState(null, '', '/stories');
    const app = fakeApp();
    start();
    const more = doc.getElementById('more')!;
    const seen: boolean[] = [];
    more.addEventListener('click', (e) => {
      seen.push(e.defaultPrevented);
      e.preventDefault();
    });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    more.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(seen).toEqual([]);
    await flush();
    expect(app.startSections).toHaveBeenCalled();
    expect(seen).toEqual([false]);
    expect(app.navigate).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });

  it('gives a press on a link of the section held before the boot came to the section once it is interactive ("load more" in place)', async () => {
    serverPage();
    window.history.replaceState(null, '', '/stories');
    const app = fakeApp();
    const more = doc.getElementById('more')!;
    const early: Event[] = [];
    pressHeldByLoader(more, early);
    (window as unknown as Record<string, unknown>)[EARLY_EVENTS_GLOBAL] = early;
    // The section's own handler once it runs: it loads more in place.
    const handled: boolean[] = [];
    start();
    more.addEventListener('click', (e) => {
      handled.push(e.defaultPrevented);
      e.preventDefault();
    });
    await flush();
    expect(app.startSections).toHaveBeenCalled();
    expect(handled).toEqual([false]);
    expect(app.navigate).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });

  it('never holds a press on a link of the section to another page: the browser navigates at once', async () => {
    serverPage();
    const app = fakeApp();
    doc.getElementById('text')!.insertAdjacentHTML('beforeend', '<a href="/stories/other" id="other">Other</a>');
    start();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    doc.getElementById('other')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    await flush();
    expect(app.startSections).not.toHaveBeenCalled();
    expect(doc.head.querySelector('script[src="/_shell/main.js"]')).toBeNull();
  });

  it('gives a choice made in the section before it was interactive again, once it is (hydration put the server value back)', async () => {
    serverPage();
    const app = fakeApp();
    app.startSections.mockImplementation(async () => {
      (doc.getElementById('area') as HTMLSelectElement).value = '';
    });
    start();
    const area = doc.getElementById('area') as HTMLSelectElement;
    area.dispatchEvent(new Event('focusin', { bubbles: true }));
    area.value = 'x';
    area.dispatchEvent(new Event('change', { bubbles: true }));
    const changes: string[] = [];
    area.addEventListener('change', () => changes.push(area.value));
    await flush();
    expect(area.value).toBe('x');
    expect(changes).toEqual(['x']);
  });

  it('gives the section a choice made before the boot itself came (kept by the inline loader)', async () => {
    serverPage();
    const app = fakeApp();
    app.startSections.mockImplementation(async () => {
      (doc.getElementById('area') as HTMLSelectElement).value = '';
    });
    const area = doc.getElementById('area') as HTMLSelectElement;
    const early: Event[] = [];
    area.addEventListener('change', (e) => early.push(e), { once: true });
    area.value = 'x';
    area.dispatchEvent(new Event('change', { bubbles: true }));
    (window as unknown as Record<string, unknown>)[EARLY_EVENTS_GLOBAL] = early;
    const changes: string[] = [];
    area.addEventListener('change', () => changes.push(area.value));
    start();
    await flush();
    expect(app.startSections).toHaveBeenCalled();
    expect(area.value).toBe('x');
    expect(changes.at(-1)).toBe('x');
  });

  it('starts the section for a choice made without a pointer or focus (a script, an assistive tool)', async () => {
    serverPage();
    const app = fakeApp();
    start();
    const area = doc.getElementById('area') as HTMLSelectElement;
    area.value = 'x';
    area.dispatchEvent(new Event('change', { bubbles: true }));
    const changes: string[] = [];
    area.addEventListener('change', () => changes.push(area.value));
    await flush();
    expect(app.startSections).toHaveBeenCalled();
    // The section's own trigger fired: the app hydrates it now, whatever its policy; then the
    // section's own listener is given the choice (hydration kept the value on screen here).
    expect((window as BootWindow)[BOOT_GLOBAL]!.triggers.fired('slot:main')).toBe(true);
    expect(changes).toEqual(['x']);
  });

  it('replays what the visitor did before it arrived: a press on the menu button opens the menu', async () => {
    serverPage();
    const app = fakeApp();
    const menu = doc.getElementById('menu')!;
    const early: Event[] = [];
    menu.addEventListener('click', (e) => early.push(e), { once: true });
    menu.click();
    (window as unknown as Record<string, unknown>)[EARLY_EVENTS_GLOBAL] = early;
    const pressed = jest.fn();
    menu.addEventListener('click', pressed);
    start();
    await flush();
    expect(app.hydrateRoot).toHaveBeenCalledWith('header');
    expect(pressed).toHaveBeenCalledTimes(1);
    expect((window as unknown as Record<string, unknown>)[EARLY_EVENTS_GLOBAL]).toBeUndefined();
  });

  describe('a popover of the header (the slide-in menu), which its button opens by itself', () => {
    const withPopover = () => {
      serverPage();
      doc.querySelector('[data-qf-root="header"]')!.insertAdjacentHTML('beforeend', '<button type="button" id="opener" popovertarget="drawer">Menu</button><div id="drawer" popover="auto"><button type="button" id="education">Education</button></div>');
      return { opener: doc.getElementById('opener')!, area: doc.getElementById('education')! };
    };

    it("is never held nor pressed again: the browser has opened it, the header's code is fetched and takes it over", async () => {
      const { opener } = withPopover();
      const app = fakeApp();
      start();
      const pressed = jest.fn();
      opener.addEventListener('click', pressed);
      const press = new MouseEvent('click', { bubbles: true, cancelable: true });
      opener.dispatchEvent(press);
      expect(press.defaultPrevented).toBe(false);
      await flush();
      expect(app.hydrateRoot).toHaveBeenCalledWith('header');
      expect(pressed).toHaveBeenCalledTimes(1);
    });

    it('is not pressed again when the press came before the boot (pressed twice, it would close again)', async () => {
      const { opener } = withPopover();
      fakeApp();
      const early: Event[] = [];
      opener.addEventListener('click', (e) => early.push(e), { once: true });
      opener.click();
      (window as unknown as Record<string, unknown>)[EARLY_EVENTS_GLOBAL] = early;
      const pressed = jest.fn();
      opener.addEventListener('click', pressed);
      start();
      await flush();
      expect(pressed).not.toHaveBeenCalled();
    });

    it('is held and pressed again, as any header control, in a browser without popovers', async () => {
      const { opener } = withPopover();
      const app = fakeApp();
      const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'showPopover');
      delete (HTMLElement.prototype as Partial<HTMLElement>).showPopover;
      try {
        start();
        const pressed = jest.fn();
        opener.addEventListener('click', pressed);
        const press = new MouseEvent('click', { bubbles: true, cancelable: true });
        opener.dispatchEvent(press);
        expect(press.defaultPrevented).toBe(true);
        await flush();
        expect(app.hydrateRoot).toHaveBeenCalledWith('header');
        expect(pressed).toHaveBeenCalledTimes(1);
      } finally {
        if (own) Object.defineProperty(HTMLElement.prototype, 'showPopover', own);
      }
    });

    it('lets Escape in it close it at once, while a press on one of its entries still waits for the code', async () => {
      const { area } = withPopover();
      const app = fakeApp();
      start();
      const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
      area.dispatchEvent(escape);
      expect(escape.defaultPrevented).toBe(false);
      const pressed = jest.fn();
      area.addEventListener('click', pressed);
      area.click();
      expect(pressed).not.toHaveBeenCalled();
      await flush();
      expect(app.hydrateRoot).toHaveBeenCalledWith('header');
      expect(pressed).toHaveBeenCalledTimes(1);
    });
  });

  it('opens the assistant asked for from elsewhere once the header is interactive', async () => {
    const replayed = jest.fn();
    const listen = (e: Event) => void ((e as CustomEvent<{ replayed?: boolean }>).detail?.replayed && replayed());
    window.addEventListener(OPEN_ASSISTANT_EVENT, listen);
    try {
      serverPage();
      const app = fakeApp();
      start();
      window.dispatchEvent(new CustomEvent(OPEN_ASSISTANT_EVENT));
      expect(replayed).not.toHaveBeenCalled();
      await flush();
      expect(app.hydrateRoot).toHaveBeenCalledWith('header');
      // (The boots of the tests above listen on this window too: at least this one's.)
      expect(replayed).toHaveBeenCalled();
    } finally {
      window.removeEventListener(OPEN_ASSISTANT_EVENT, listen);
    }
  });
});
