import type { Hydration } from '@qf/shared/contracts';
import { OPEN_ASSISTANT_EVENT } from '../chrome/assistant-event';
import { trackKeyboardFocus } from '../chrome/focus-outline';
import { startScrollReveal } from '../chrome/scroll-reveal';
import { installSocialDataLayer } from '../data-layer';
import { startFieldData } from '../field-data';
import { ACTIVITY_SETTLE_MS } from '../hydration';
import { clientNavigationTarget } from '../link-target';
import { registerServiceWorker, trackFailedResources } from '../service-worker';
import { STATE_ELEMENT_ID } from '../state-ids';
import { startCookieBanner, startScrollProgress, startStatement, startToTop } from './chrome';
import { BOOT_GLOBAL, HELD_PROPERTY, ROOT_ATTR, ROOT_POLICY_ATTR, type BootHandle, type BootWindow, type RootName, type ShellApp } from './protocol';
import { createTriggers } from './triggers';
import { warmIntl } from './intl-warm';
import { EARLY_EVENTS_GLOBAL } from './loader';

/**
 * The page's first script file: a few KB, no React, no federation runtime, fetched by the inline
 * loader when the visitor starts using the page (or when the page asks for it: an eager policy, a
 * search to restore, a visible slot, a statement notice; see loader.ts), never merely because the page
 * loaded. The server's HTML is the page; this drives the chrome that needs no framework and arms the
 * triggers that fetch the shell's app (and through it React and the sections' code) only when the
 * visitor needs it: reaching for the header, pointing at a link, using a form, or a section's own
 * hydration policy.
 */
export function boot(win: BootWindow, doc: Document): BootHandle {
  const script = doc.currentScript as HTMLScriptElement | null;
  const appSrc = script?.dataset.app ?? '';
  const triggers = createTriggers();
  const resources = trackFailedResources(win);
  const progressBar = doc.querySelector<HTMLElement>('[data-qf-progress]');
  const stateJson = doc.getElementById(STATE_ELEMENT_ID)?.textContent ?? 'null';
  const state = readState(stateJson);
  // Field data: the page's web vitals and the time from a tap on a link to the next page (field-data.ts).
  const field = startFieldData(win, doc, state?.field ?? null);

  let loaded: ShellApp | undefined;
  let resolveApp: ((app: ShellApp) => void) | undefined;
  let rejectApp: ((error: unknown) => void) | undefined;
  let pending: Promise<ShellApp> | undefined;
  /** The app, fetched once; a failed fetch (a flaky network) is tried again on the next need. */
  const app = (): Promise<ShellApp> => {
    if (loaded) return Promise.resolve(loaded);
    if (!pending) {
      pending = new Promise<ShellApp>((resolve, reject) => {
        resolveApp = resolve;
        rejectApp = reject;
        const el = doc.createElement('script');
        el.src = appSrc;
        el.async = true;
        el.addEventListener('error', () => {
          pending = undefined;
          el.remove();
          reject(new Error(`${appSrc} failed to load`));
        });
        // After the next paint: the press that asked for the app shows its effect (a pressed button,
        // the progress bar) before the app's code takes the main thread.
        afterPaint(win, () => doc.head.append(el));
        // Meanwhile, on another thread, the browser's Intl data the app's first render needs.
        warmIntl(win);
      });
    }
    return pending;
  };

  const handle: BootHandle = {
    triggers,
    stateJson,
    resources,
    progress(active) {
      progressBar?.classList.toggle('qf-progress--active', active);
    },
    ready(shellApp) {
      loaded = shellApp;
      resolveApp?.(shellApp);
    },
    failed(error) {
      pending = undefined;
      rejectApp?.(error);
    },
    shown: (page) => field.shown(page),
  };
  win[BOOT_GLOBAL] = handle;

  // The shell's roots: each hydrates when its trigger fires. A press on a control of a root that has
  // no code yet is held and pressed again once the root is interactive, so the first press counts.
  const ready = new Map<RootName, Promise<void>>();
  const interactive = new Set<RootName>();
  const hydrate = (name: RootName): Promise<void> => {
    let p = ready.get(name);
    if (!p) {
      p = app().then((a) => a.hydrateRoot(name));
      p.then(() => interactive.add(name), () => ready.delete(name));
      ready.set(name, p);
    }
    return p;
  };
  doc.querySelectorAll<HTMLElement>(`[${ROOT_ATTR}][${ROOT_POLICY_ATTR}]`).forEach((el) => {
    const name = el.getAttribute(ROOT_ATTR) as RootName;
    triggers.when(`root:${name}`, el, el.getAttribute(ROOT_POLICY_ATTR) as Hydration, () => void hydrate(name).catch(console.error));
    // A press, or a key that moves around a menu, on a control of a root that has no code yet is held
    // and given again once the root is interactive: the visitor's first press or arrow key counts.
    const hold = (event: Event, again: (control: HTMLElement) => void) => {
      if (loaded?.rootStarted(name)) return;
      const control = (event.target as Element | null)?.closest?.<HTMLElement>('button, summary, [role="button"], a[href^="#"], [data-menu-item]');
      if (!control || !el.contains(control)) return;
      // A button that opens or closes a popover (the slide-in menu) does it by itself, at once: the app
      // takes over what it finds open (a browser without popovers holds it as any other control).
      if (control.hasAttribute('popovertarget') && popovers()) {
        void hydrate(name).catch(console.error);
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      void hydrate(name).then(
        () => control.isConnected && again(control),
        (error: unknown) => console.error(error),
      );
    };
    el.addEventListener('click', (event) => hold(event, (control) => control.click()), true);
    el.addEventListener(
      'keydown',
      (event) => {
        const { key, shiftKey, ctrlKey, altKey, metaKey } = event;
        // Escape in a popover closes it at once (the browser's own); the app takes over what it finds.
        if (key === 'Escape' && popovers() && (event.target as Element | null)?.closest?.('[popover]')) return;
        if (HELD_KEYS.has(key)) hold(event, (control) => control.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true })));
      },
      true,
    );
  });

  // The page's section and the widgets in it: the app mounts them as their own policies say.
  /** A widget's form sent before its code came (also one the inline loader held before this script came). */
  let heldSubmit: ((event: Event) => void) | undefined;
  const slot = doc.getElementById('qf-main-slot');
  if (slot && state?.page) {
    let interactive = false;
    const sections = () => app().then((a) => a.startSections());
    // A choice made in the section's form fields before its code arrived (a filter picked from a
    // list, by a script or an assistive tool that moved no pointer and no focus) starts the section
    // and is given again once it is interactive: hydration puts the server's value back.
    const choices = new Map<HTMLSelectElement, string>();
    slot.addEventListener('change', (event) => {
      const select = event.target as HTMLSelectElement;
      if (interactive || select.tagName !== 'SELECT' || select.closest('[data-qf-widget]')) return;
      choices.set(select, select.value);
      triggers.fire('slot:main');
    });
    const giveChoices = () => {
      interactive = true;
      for (const [select, value] of choices) {
        if (!select.isConnected) continue;
        // Hydration may have put the server's value back, or kept the visitor's: either way the
        // section has not seen the choice yet.
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
      choices.clear();
    };
    // Armed last: an eager policy (a search opened on a fragment) starts the sections right here.
    const start = () => void sections().then(giveChoices, console.error);
    triggers.when('slot:main', slot, state.page.hydration, start);
    for (const w of state.widgets) {
      const el = slot.querySelector<HTMLElement>(`[data-qf-key="${CSS.escape(w.key)}"]`);
      if (el) triggers.when(`widget:${w.key}`, el, w.hydration, start);
    }
    // A widget's form sent before the widget's code has arrived (its button pressed before its field
    // was ever focused) would leave the page for the API's plain answer. The send is the interaction:
    // it is held, the widget is brought to life, and the form is sent again once the widget handles
    // it, so it answers in place with its own messages. If its code does not come, it goes as it is.
    heldSubmit = (event) => {
      const form = event.target as HTMLFormElement;
      const widget = form.closest?.<HTMLElement>('[data-qf-widget][data-qf-key]');
      if (!widget || widget.hasAttribute(WIDGET_MOUNTED_ATTR)) return;
      event.preventDefault();
      event.stopPropagation();
      const submitter = (event as SubmitEvent).submitter;
      triggers.fire(`widget:${widget.dataset.qfKey ?? ''}`);
      void whenMounted(win, widget, WIDGET_WAIT_MS).then((mounted) => {
        if (!form.isConnected) return;
        if (!mounted) HTMLFormElement.prototype.submit.call(form);
        else if (submitter && form.contains(submitter)) form.requestSubmit(submitter);
        else form.requestSubmit();
      });
    };
    slot.addEventListener('submit', heldSubmit, true);
    // A press on a button of the section, or on a link to this same page ("load more", a filter: the
    // section handles them in place), before its code has arrived (the pointer that brought it came a
    // moment earlier) waits for it, briefly, so it does what it does once interactive. A link to
    // another page is never held: it navigates at once.
    slot.addEventListener(
      'click',
      (event) => {
        if (interactive || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        const control = (event.target as Element | null)?.closest?.<HTMLElement>('a[href], button, summary');
        if (!control || control.closest('[data-qf-widget]') || control.getAttribute('href')?.startsWith('#')) return;
        if (control.tagName === 'A') {
          const to = new URL(control.getAttribute('href') ?? '', win.location.href);
          if (to.origin !== win.location.origin || to.pathname !== win.location.pathname) return;
        }
        event.preventDefault();
        event.stopPropagation();
        triggers.fire('slot:main');
        const again = () => {
          interactive = true;
          if (control.isConnected) control.click();
        };
        void Promise.race([sections(), new Promise((resolve) => win.setTimeout(resolve, SECTION_WAIT_MS))]).then(again, again);
      },
      true,
    );
  }

  // The language switch keeps what follows `#` in the address (the search's query and filters, an
  // anchor): the other language's page holds the same. Set on the link itself, so a click that leaves
  // the page (no script, a new tab) carries it too.
  doc.addEventListener(
    'click',
    (event) => {
      const link = (event.target as Element | null)?.closest?.('a[data-language-switch]') as HTMLAnchorElement | null;
      if (link) link.setAttribute('href', (link.getAttribute('href') ?? '').replace(/#.*$/, '') + (win.location.hash.length > 1 ? win.location.hash : ''));
    },
    true,
  );

  // Links: once the app runs, a click becomes a client-side navigation (the app keeps this page until
  // the next can render, with its data and code prefetched); pointing at a link prefetches that page.
  // Before the app, a click is the browser's own navigation, never held for code (a tap must never be
  // slower than a plain link; SPEC's decision on §2): the inline loader has prefetched the HTML.
  doc.addEventListener('click', (event) => {
    if (!loaded) return;
    const url = clientNavigationTarget(event, win.location);
    if (!url) return;
    event.preventDefault();
    if (url.pathname + url.search === win.location.pathname + win.location.search && !url.hash) return;
    handle.progress(true);
    loaded.navigate(url, true).catch((error: unknown) => {
      console.error(error);
      win.location.assign(url.href);
    });
  });
  /**
   * A press on a link to this same page ("load more", a filter) that the inline loader held for this
   * script: given to the section, whose own wait-for-code above answers it in place once interactive;
   * a link outside the section is followed.
   */
  const heldLink = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]');
    if (!anchor || !anchor.isConnected) return;
    if (slot?.contains(anchor) && !anchor.closest('[data-qf-widget]')) anchor.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    else win.location.assign(anchor.href);
  };
  const intent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (loaded && anchor && clientNavigationTarget({ button: 0, target: anchor } as unknown as MouseEvent, win.location)) loaded.prefetch(anchor);
  };
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) doc.addEventListener(type, intent, { passive: true });

  // The assistant lives in the header: asked for from elsewhere (the footer's "Ask"), the header comes first.
  win.addEventListener(OPEN_ASSISTANT_EVENT, (event) => {
    if ((event as CustomEvent<{ replayed?: boolean }>).detail?.replayed || interactive.has('header')) return;
    // Escape pressed while the header's code is on its way: the visitor no longer wants the panel,
    // which must not open (and take the focus) after that.
    let dismissed = false;
    const onKey = (e: KeyboardEvent) => void (e.key === 'Escape' && (dismissed = true));
    doc.addEventListener('keydown', onKey, true);
    void hydrate('header')
      .then(() => {
        if (!dismissed) win.dispatchEvent(new CustomEvent(OPEN_ASSISTANT_EVENT, { detail: { replayed: true } }));
      }, console.error)
      .finally(() => doc.removeEventListener('keydown', onKey, true));
  });
  // The menu's map mode has an address (`#map`, `#map-{place}`): it opens the header's menu.
  const mapAddress = () => {
    if (/^#map(-|$)/.test(win.location.hash)) void hydrate('header').catch(console.error);
  };
  mapAddress();
  win.addEventListener('hashchange', mapAddress);

  // What the visitor did before this script arrived (kept by the inline loader).
  const early = (win as unknown as Record<string, Event[] | undefined>)[EARLY_EVENTS_GLOBAL] ?? [];
  delete (win as unknown as Record<string, unknown>)[EARLY_EVENTS_GLOBAL];
  // The cookie banner's button works from here on (a press recorded before the boot is replayed below).
  startCookieBanner(doc, win);
  // Social links are counted from here on, and those clicked before the boot came as well (SPEC §7).
  installSocialDataLayer(
    doc,
    win,
    () => ({
      lang: doc.documentElement.lang,
      pageCategory: doc.getElementById('main')?.dataset.qfPage ?? 'unknown',
      pillar: doc.body.dataset.area ?? 'general',
    }),
    early,
  );
  // The rest waits for the page to finish loading and the browser to be idle: none of it is needed
  // for the first paint, and a scroll listener or a style change now would compete with it.
  afterLoad(win, doc, () => {
    trackKeyboardFocus(doc);
    startScrollProgress(doc, win);
    startToTop(doc, win);
    void startStatement(doc, win);
  });
  // What fetches files for later (the service worker and its offline pages, web-vitals' chunk) waits a
  // moment more: a visitor who taps a link now finds the network free for the next page.
  afterLoad(win, doc, () => {
    win.setTimeout(() => {
      void registerServiceWorker({ location: win.location, serviceWorker: win.navigator.serviceWorker, resourcesFailed: resources.failed, reload: () => win.location.reload(), logError: console.error });
      field.observeVitals();
    }, ACTIVITY_SETTLE_MS);
  });
  // Scroll reveal hides what is below the fold until it comes into view: it starts with the first scroll.
  win.addEventListener('scroll', () => startScrollReveal(), { once: true, passive: true });
  // (The boot comes with the visitor's first use of the page; a page already scrolled has had it.)
  if (win.scrollY > 0) startScrollReveal();

  // What the visitor did before this script arrived happens again, now that something listens.
  for (const event of early) {
    // A press on a link made before this script came is where that tap's time starts.
    field.saw(event);
    if (event.type === 'submit') {
      if ((event as unknown as Record<string, unknown>)[HELD_PROPERTY]) heldSubmit?.(event);
      continue;
    }
    if (event.type === 'click' && (event as unknown as Record<string, unknown>)[HELD_PROPERTY]) heldLink(event);
    else replay(event);
  }
  return handle;
}

interface BootState {
  page?: { hydration: Hydration };
  widgets: { key: string; hydration: Hydration }[];
  /** The page as field data reports it: its template (`componentChunkName`) and language. */
  field?: { template?: string; lang: string };
}

/** Only what the boot needs of the state (the app validates all of it with its schema). */
function readState(json: string): BootState | null {
  try {
    const raw = JSON.parse(json) as { status?: string; lang?: string; pageData?: { componentChunkName?: string; result?: { page?: { hydration?: Hydration } } }; widgets?: BootState['widgets'] } | null;
    const ok = raw?.status === 'ok';
    const page = ok ? raw.pageData?.result?.page : undefined;
    const template = ok ? raw.pageData?.componentChunkName : undefined;
    return {
      page: page?.hydration ? { hydration: page.hydration } : undefined,
      widgets: Array.isArray(raw?.widgets) ? raw.widgets : [],
      field: typeof raw?.lang === 'string' ? { ...(typeof template === 'string' ? { template } : {}), lang: raw.lang } : undefined,
    };
  } catch {
    return null;
  }
}

/** How long a press on a section waits for its code before it is given to the page as it is. */
const SECTION_WAIT_MS = 1500;

/** Set on a widget's slot once its code has mounted there (slots.ts): its forms are its own from then on. */
export const WIDGET_MOUNTED_ATTR = 'data-qf-mounted';
/** How long a widget's form sent before its code arrived waits for it before it is posted as it is. */
const WIDGET_WAIT_MS = 10_000;

/** Resolves true once `el` carries WIDGET_MOUNTED_ATTR, false after `ms`. */
function whenMounted(win: BootWindow, el: HTMLElement, ms: number): Promise<boolean> {
  if (el.hasAttribute(WIDGET_MOUNTED_ATTR)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!el.hasAttribute(WIDGET_MOUNTED_ATTR)) return;
      observer.disconnect();
      win.clearTimeout(timer);
      resolve(true);
    });
    observer.observe(el, { attributes: true, attributeFilter: [WIDGET_MOUNTED_ATTR] });
    const timer = win.setTimeout(() => {
      observer.disconnect();
      resolve(false);
    }, ms);
  });
}

/** Whether the browser has popovers (their buttons open them without code). */
const popovers = (): boolean => typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.showPopover === 'function';

/** Keys the menus handle themselves (Enter and Space arrive as a click). */
const HELD_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Escape']);

/**
 * An event recorded by the inline loader, dispatched again on its target: intent (pointing, focus,
 * a key, a touch) arms what it would have armed; a press on a control (a link's press has already
 * been handled by the browser) is pressed again.
 */
function replay(event: Event): void {
  const target = event.target as Element | null;
  if (!target || typeof target.closest !== 'function' || !target.isConnected) return;
  if (event.type === 'keydown') {
    // The key itself goes again (a menu's arrow key pressed while its code was on the way).
    const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event as KeyboardEvent;
    target.dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true }));
    return;
  }
  if (event.type !== 'click') {
    target.dispatchEvent(new Event(event.type, { bubbles: true }));
    return;
  }
  const control = target.closest('button, summary, [role="button"], a[href^="#"]');
  // A popover's button did its work when it was pressed (pressed again, it would undo it).
  if (control?.hasAttribute('popovertarget') && popovers()) return;
  control?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

/** Runs `fn` once the browser has painted the current frame (or soon, where frames do not run). */
function afterPaint(win: BootWindow, fn: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  win.requestAnimationFrame(() => win.setTimeout(run, 0));
  win.setTimeout(run, 100);
}

/** Runs `fn` in the first idle period after the page's load event. */
function afterLoad(win: BootWindow, doc: Document, fn: () => void): void {
  const idle = () => (typeof win.requestIdleCallback === 'function' ? win.requestIdleCallback(fn, { timeout: 3000 }) : win.setTimeout(fn, 200));
  if (doc.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
