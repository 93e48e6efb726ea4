import { startTransition, useEffect, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { hydrateRoot } from 'react-dom/client';
import { createBus } from '@qf/shared/bus';
import { languages, type Lang } from '@qf/shared/i18n';
import { splitLang } from '@qf/shared/routing';
import { ChromeContext } from './chrome-widgets';
import { setupChrome } from './chrome-setup';
import { reportFailure } from './release-beacon';
import { followHead } from './document-head';
import { shellT } from './i18n';
import { sitePathOf } from './link-target';
import { compositionOf, loadCompositionHash, loadPageData, NAVIGATION_DEADLINE_MS, reloadInto, reloadOnceFor } from './navigation';
import { createRemoteLoader } from './remotes';
import { captureWidgets, createSlots } from './slots';
import { startPrefetch } from './prefetch';
import { watchLikelyNext } from './likely-next';
import { createDelayedNotice } from './delayed-notice';
import { parseWithoutEval } from './csp-zod';
import { shellStateSchema, type PageStatus } from './state';
import { SLOT_ID } from './state-ids';
import { createStore } from './store';
import { applyTheme, initialTheme, mirrorTheme, systemScheme } from './theme';
import { announce, navigationAnnouncement } from './chrome/announce';
import { applyPrefs, readPrefs } from './chrome/a11y-prefs';
import { searchPageUrl } from './chrome/search-link';
import { parts, rootIdPrefix, type PartProps } from './parts';
import { focusPage } from './boot/chrome';
import { APP_ATTR, rootNames, ROOT_ATTR, type BootHandle, type RootName, type ShellApp } from './boot/protocol';
import { followLiveRegions } from './live';
import { createLinkBook } from './links';
import './styles/global.css';

const safeStorage = (kind: 'localStorage' | 'sessionStorage'): Storage | undefined => {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
};

/** Renders nothing; tells when its root has committed (its effects run after hydration). */
function Committed({ onCommit }: { onCommit: () => void }): null {
  useEffect(onCommit, []);
  return null;
}

/**
 * The shell's app: fetched by the boot the first time a visitor needs it (a press in the header, a
 * link pointed at, a section whose policy fired). It hydrates the chrome root by root, mounts the
 * sections and owns client-side navigation.
 */
export function startApp(boot: BootHandle): void {
  parseWithoutEval();
  const resources = boot.resources;
  const state = shellStateSchema.parse(JSON.parse(boot.stateJson));
  const slotElement = document.getElementById(SLOT_ID) as HTMLElement;
  const main = document.getElementById('main') as HTMLElement;
  // Captured before anything hydrates: each widget's first mount meets exactly the server's HTML.
  const widgetHtml = captureWidgets(slotElement, state.lang, state.widgets);

  const local = safeStorage('localStorage');
  const bus = createBus();
  // The first paint already has the visitor's theme (the pre-paint script): the roots hydrate with
  // the server's and follow the store right after, so hydration never meets different text.
  const serverTheme = state.theme ?? 'dark';
  const theme = initialTheme(local, systemScheme(window.matchMedia?.bind(window)));
  applyTheme(theme, document.body);
  applyPrefs(readPrefs(local), document.body);
  const store = createStore({ ...state, theme: serverTheme, loading: false });
  if (theme !== serverTheme) store.set({ theme });
  followLiveRegions(store, { main, slot: slotElement, progress: boot.progress, t: shellT });

  const loader = createRemoteLoader(state.remotes);
  // The sections' React helpers and parcel glue come from the shell, like React itself: whichever
  // section mounts first, every section then uses the same files (which the service worker has kept
  // for offline use), never a copy of one section's that another page never fetched (offline, a
  // section then failed to start: "Cannot access before initialization" in its parcel).
  void import('@qf/shared/react').catch(() => undefined);
  void import('@qf/shared/parcel').catch(() => undefined);
  // Links to other sections' pages the sections' views ask for (WidgetHost.href), from the page data.
  const links = createLinkBook();
  links.learn(state.pageData);
  const slots = createSlots({
    links,
    element: slotElement,
    loader,
    bus,
    widgetHtml,
    schedule: (key, policy, element, start) => boot.triggers.when(key, element, policy, start),
    errorMessage: (lang) => shellT(lang)('status.sectionError'),
    onError: reportFailure,
  });

  const toggleTheme = () => {
    const next = store.get().theme === 'dark' ? 'light' : 'dark';
    applyTheme(next, document.body, local);
    mirrorTheme(next);
    store.set({ theme: next });
    bus.publish('theme', { theme: next });
  };
  const search = (text: string) => void navigate(new URL(searchPageUrl(store.get().lang, text), window.location.href), true);
  const chrome = setupChrome({ store, loader, bus, links, errorMessage: (lang) => shellT(lang)('status.sectionError') });
  const partProps: PartProps = { store, onToggleTheme: toggleTheme, onSearch: search, onNavigate: (href) => void navigate(new URL(href, window.location.href), true) };

  // Each root hydrates on its own, as a transition: React yields to the browser while it works.
  const roots = new Map<RootName, Promise<void>>();
  function hydrateNamed(name: RootName): Promise<void> {
    let p = roots.get(name);
    if (p) return p;
    const el = document.querySelector<HTMLElement>(`[${ROOT_ATTR}="${name}"]`);
    if (!el) return Promise.resolve();
    p = new Promise<void>((resolve) => {
      const Part = parts[name];
      const committed = () => {
        // For tests and tools: this root is interactive.
        el.setAttribute('data-qf-hydrated', '');
        resolve();
      };
      const node: ReactElement = (
        <ChromeContext.Provider value={chrome}>
          <Part {...partProps} />
          <Committed onCommit={committed} />
        </ChromeContext.Provider>
      );
      startTransition(() => void hydrateRoot(el, node, { identifierPrefix: rootIdPrefix(name) }));
    });
    roots.set(name, p);
    return p;
  }
  const hydrateAll = () => Promise.all(rootNames.map(hydrateNamed)).then(() => undefined);

  const publishRoute = () => {
    const s = store.get();
    bus.publish('route', { path: s.path, lang: s.lang, remote: s.pageData?.result.remote ?? null, template: s.pageData?.result.page.template ?? null });
  };
  bus.publish('language', { lang: state.lang });
  bus.publish('theme', { theme: store.get().theme });
  publishRoute();
  rememberLanguage(state.lang);

  let sections: Promise<void> | undefined;
  let navigated = false;
  const startSections = (): Promise<void> => {
    // Triggers of the server's page that fire after the visitor has left it find nothing to start.
    if (navigated || state.status !== 'ok' || !state.pageData) return Promise.resolve();
    return (sections ??= slots.hydrate(state.pageData, state.widgets));
  };

  const prefetcher = startPrefetch(
    document,
    window,
    (path, query) => loadPageData(path, query),
    (load) => {
      // A page prefetched (in view, or pointed at): its section's code comes with its data, so the tap
      // renders at once. Not a page of another composition (deployed since this page was rendered):
      // the tap to it reloads the page, and its remotes must not replace those this page runs.
      if (load.kind === 'ok' && load.pageData.webpackCompilationHash === store.get().compositionHash) slots.preload(load.pageData);
    },
  );
  // The page the visitor is likely to open next (a link pressed, or in the middle of a phone's screen
  // once it is still) is made ahead, hidden, from its prefetched data and code: the tap only shows it.
  // Not while a navigation runs (it shows its own page), nor a page of another composition.
  watchLikelyNext(document, window, (anchor) => {
    void prefetcher.hover(anchor)?.then((load) => {
      if (load.kind === 'ok' && !store.get().loading && load.pageData.webpackCompilationHash === store.get().compositionHash) slots.prepare(load.pageData);
    });
  });
  // After each client-side navigation (and when the globals of a new language arrive) the head is
  // what the server renders for the page, with the server's origin.
  followHead(store, document, state.siteUrl ?? '', shellT);
  const notice = createDelayedNotice((slow) => store.set({ slow }));

  async function navigate(url: URL, push: boolean) {
    const end = notice.begin();
    const shown = navigateNow(url, push);
    // A navigation whose page is not shown by the deadline (an answer or code that never comes) becomes
    // the browser's own; a later navigation replaces it, and its own deadline takes over.
    const token = navigation;
    const deadline = window.setTimeout(() => {
      if (token !== navigation) return;
      navigation++;
      window.location.assign(url.pathname + url.search + url.hash);
    }, NAVIGATION_DEADLINE_MS);
    try {
      await shown;
    } finally {
      window.clearTimeout(deadline);
      end();
      prefetcher.watch(document);
    }
  }

  let navigation = 0;
  /**
   * The composition hash as last asked apart from a navigation: when the app starts, when the visitor
   * comes back to the tab, and after a prefetched navigation (which did not wait for it). A new one
   * reloads the next navigation, prefetched or not (a page prefetched before a deploy is not shown).
   */
  let seenHash: string | null = null;
  const checkComposition = () => void loadCompositionHash().then((h) => void (h && (seenHash = h)));
  checkComposition();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkComposition();
  });
  async function navigateNow(url: URL, push: boolean) {
    const token = ++navigation;
    navigated = true;
    let sitePath = sitePathOf(url);
    const target = url.pathname + url.search + url.hash;
    store.set({ loading: true });
    // The chrome follows the new page: every root is hydrated (in the background) before it changes.
    const chromeReady = hydrateAll();
    // A new composition deployed since this page was rendered reloads the page once (into the target).
    // A page not prefetched is asked for with the composition hash, both at once. A prefetched page
    // waits for no request: it goes by the hash last asked (seenHash) and the one its data was made by.
    let prefetched = prefetcher.take(sitePath, url.search);
    const early = prefetched ? await prefetched : undefined;
    if (token !== navigation) return;
    // Page data made by another composition than the one last seen live (the browser's HTTP cache
    // keeps page data a minute) is not shown: it is asked again, past that cache.
    if (early?.kind === 'ok' && seenHash && early.pageData.webpackCompilationHash !== seenHash) prefetched = undefined;
    const [load, asked] = prefetched && early ? [early, null] : await Promise.all([loadPageData(sitePath, url.search, fetch, 200, early ? 'no-cache' : undefined), loadCompositionHash()]);
    if (token !== navigation) return;
    if (asked) seenHash = asked;
    const hash = compositionOf(asked ? [asked] : [seenHash, load.kind === 'ok' ? load.pageData.webpackCompilationHash : null], store.get().compositionHash) ?? (await loadCompositionHash());
    if (token !== navigation) return;
    if (hash && hash !== store.get().compositionHash && reloadOnceFor(hash, target, safeStorage('sessionStorage') ?? memoryStorage, (u) => reloadInto(u))) return;
    if (load.kind === 'failed') {
      window.location.assign(target);
      return;
    }
    // An old path answers with the page data of its new path (SPEC §2: redirects also in the browser).
    const landed = load.kind === 'ok' && load.pageData.path !== sitePath ? load.pageData.path + url.search + url.hash : target;
    if (load.kind === 'ok') sitePath = load.pageData.path;
    const lang: Lang = load.kind === 'ok' ? load.pageData.result.lang : splitLang(sitePath).lang;
    const previousLang = store.get().lang;
    const status: PageStatus = load.kind === 'ok' ? 'ok' : load.kind;
    const pageData = load.kind === 'ok' ? load.pageData : null;
    const t = shellT(lang);
    try {
      // The page on screen stays until the next one has rendered off screen; then they swap.
      if (pageData) {
        loader.ensure(pageData.result.remotes);
        // Before anything of the page renders: its sections and its chrome widgets link with these.
        links.learn(pageData);
        await Promise.all([slots.show(pageData), chromeReady]);
      } else await chromeReady;
    } catch (error) {
      // SPEC §4: a failed chunk load is a full navigation to the page; the server then answers with
      // the page, or with its 503 page if the section is really down.
      reportFailure(error, pageData ? { remote: pageData.result.remote, kind: 'mount' } : undefined);
      resources.note();
      window.location.assign(target);
      return;
    }
    if (token !== navigation) return;
    if (push) window.history.pushState({ qf: true }, '', landed);
    else if (landed !== target) window.history.replaceState({ qf: true }, '', landed);
    // The chrome changes in the same frame as the section: one swap, nothing half-updated on screen.
    flushSync(() => store.set({ path: sitePath, lang, status, pageData, loading: false, widgets: [], compositionHash: hash ?? store.get().compositionHash }));
    if (!pageData) await slots.clear();
    const head = pageData?.result.page.head ?? null;
    const statusTitle = status === 'not-found' ? t('status.notFoundTitle') : status === 'error' ? t('status.errorTitle') : t('status.unavailableTitle');
    if (lang !== previousLang) {
      bus.publish('language', { lang });
      rememberLanguage(lang);
    }
    publishRoute();
    if (push) window.scrollTo(0, 0);
    // The new page's heading takes focus so screen readers announce the page.
    focusPage(document);
    announce((announcement) => store.set({ announcement }), navigationAnnouncement(t, head?.title ?? statusTitle));
    // Field data: the new page's content is shown (the time from the tap that asked for it).
    boot.shown({ url: url.href, ...(pageData ? { template: pageData.componentChunkName } : {}), lang });
    // The composition check a prefetched page did not wait for, once it is shown.
    if (prefetched) checkComposition();
  }

  // A fragment change on the page in view (the menu's `#map-{id}`, an anchor) is not a navigation.
  let shownAddress = window.location.pathname + window.location.search;
  store.subscribe(() => {
    if (!store.get().loading) shownAddress = window.location.pathname + window.location.search;
  });
  window.addEventListener('popstate', () => {
    if (window.location.pathname + window.location.search === shownAddress) return;
    void navigate(new URL(window.location.href), false);
  });
  window.history.replaceState({ qf: true }, '');

  const app: ShellApp = {
    hydrateRoot: hydrateNamed,
    rootStarted: (name) => roots.has(name),
    startSections,
    navigate,
    prefetch: (target) => void prefetcher.hover(target),
  };
  document.documentElement.setAttribute(APP_ATTR, '');
  // The inline loader's HTML prefetches serve the browser's own navigations, which the app no longer
  // makes: their rules go (the browser discards what they fetched).
  for (const rules of document.querySelectorAll('script[type="speculationrules"]')) rules.remove();
  boot.ready(app);
  // Every navigation hydrates the whole chrome before it swaps the page: done ahead, when the browser
  // is idle, a tap waits only for its own page.
  const whenIdle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
  whenIdle(() => void hydrateAll().catch(console.error), { timeout: 5000 });
}


function rememberLanguage(lang: Lang) {
  try {
    window.localStorage.setItem('nf_lang', lang);
    window.localStorage.setItem('nf_country', languages[lang].country);
  } catch {
    // storage disabled: nothing to remember
  }
}

const memory = new Map<string, string>();
const memoryStorage = { getItem: (k: string) => memory.get(k) ?? null, setItem: (k: string, v: string) => void memory.set(k, v) };
