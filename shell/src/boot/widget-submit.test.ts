/** @jest-environment jsdom */
import { boot } from './index';
import { EARLY_EVENTS_GLOBAL } from './loader';
import { BOOT_GLOBAL, HELD_PROPERTY, type BootWindow, type RootName, type ShellApp } from './protocol';

/**
 * Issue 15: a widget's form sent before the widget's code arrived (the newsletter's button pressed
 * before its field was focused) is held, the widget brought to life, and the form sent again once the
 * widget handles it; without the widget's code it is posted as it is.
 */
let doc: Document;
function serverPage() {
  doc = document.implementation.createHTMLDocument();
  doc.body.innerHTML = `
    <main id="main"><div id="qf-main-slot"><div data-qf-section><p>Story</p>
      <div data-qf-widget="mf-forms/NewsletterSignup" data-qf-key="n#story"><form method="post" action="/api/forms/newsletter?lang=en"><input name="email"><button type="submit" id="send">Subscribe</button></form></div>
    </div></div></main>
    <script type="application/json" id="__QF_STATE__">${JSON.stringify({ status: 'ok', pageData: { result: { page: { hydration: 'interaction' } } }, widgets: [{ key: 'n#story', hydration: 'interaction' }] })}</script>`;
}

function fakeApp(mountWidget: (el: HTMLElement) => void) {
  const app: jest.Mocked<ShellApp> = {
    hydrateRoot: jest.fn(async (_name: RootName) => undefined),
    rootStarted: jest.fn((_name: RootName) => false),
    // Like the app: the widget mounts when its trigger (shared with the boot) fires.
    startSections: jest.fn(async () => {
      const el = doc.querySelector<HTMLElement>('[data-qf-key="n#story"]')!;
      (window as BootWindow)[BOOT_GLOBAL]!.triggers.when('widget:n#story', el, 'interaction', () => mountWidget(el));
    }),
    navigate: jest.fn(async (_url: URL, _push: boolean) => undefined),
    prefetch: jest.fn(),
  };
  const observer = new MutationObserver(() => {
    if (!doc.head.querySelector('script[src="/_shell/main.js"]')) return;
    observer.disconnect();
    queueMicrotask(() => (window as BootWindow)[BOOT_GLOBAL]!.ready(app));
  });
  observer.observe(doc.head, { childList: true });
  return app;
}

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

describe('a widget form sent before its code arrived', () => {
  beforeAll(() => {
    window.fetch = jest.fn(() => new Promise<Response>(() => undefined));
  });
  afterEach(() => {
    delete (window as BootWindow)[BOOT_GLOBAL];
    jest.useRealTimers();
  });

  it('is held, brings the widget to life and is sent again to the widget once it has mounted', async () => {
    serverPage();
    // The widget's own handler, as React's would be once mounted: it keeps the send in the page.
    const handled: (HTMLElement | null)[] = [];
    fakeApp((el) => {
      el.querySelector('form')!.addEventListener('submit', (e) => {
        e.preventDefault();
        handled.push((e as SubmitEvent).submitter);
      });
      setTimeout(() => el.setAttribute('data-qf-mounted', ''), 50);
    });
    start();
    const form = doc.querySelector('form')!;
    const plain = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const first = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(first);
    // The browser's own send (leaving the page) did not happen.
    expect(first.defaultPrevented).toBe(true);
    expect(handled).toEqual([]);
    await flush();
    await new Promise((r) => setTimeout(r, 100));
    expect(handled).toHaveLength(1);
    expect(plain).not.toHaveBeenCalled();
    // From then on the widget's form is the widget's own: nothing is held.
    const second = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(second);
    expect(handled).toHaveLength(2);
    plain.mockRestore();
  });

  it('sent even before the boot came (held by the inline loader), is sent to the widget once it has mounted', async () => {
    serverPage();
    const handled: string[] = [];
    fakeApp((el) => {
      el.querySelector('form')!.addEventListener('submit', (e) => {
        e.preventDefault();
        handled.push('widget');
      });
      setTimeout(() => el.setAttribute('data-qf-mounted', ''), 50);
    });
    const form = doc.querySelector('form')!;
    const early: Event[] = [];
    // What the loader does with it: kept, its default (leaving the page) held.
    form.addEventListener(
      'submit',
      (e) => {
        e.preventDefault();
        (e as unknown as Record<string, unknown>)[HELD_PROPERTY] = 1;
        early.push(e);
      },
      { once: true },
    );
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    (window as unknown as Record<string, unknown>)[EARLY_EVENTS_GLOBAL] = early;
    start();
    await flush();
    await new Promise((r) => setTimeout(r, 100));
    expect(handled).toEqual(['widget']);
  });

  it('is posted as it is when the widget does not come', async () => {
    serverPage();
    fakeApp(() => undefined);
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    start();
    const plain = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const form = doc.querySelector('form')!;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await jest.advanceTimersByTimeAsync(10_500);
    expect(plain).toHaveBeenCalledTimes(1);
    plain.mockRestore();
  });
});
