import { hydrateRoot } from 'react-dom/client';
import { createBus } from '@qf/shared/bus';
import { languages, type Lang } from '@qf/shared/i18n';
import { localePath, splitLang } from '@qf/shared/routing';
import { App } from './App';
import { ChromeContext } from './chrome-widgets';
import { setupChrome } from './chrome-setup';
import { documentTitle, updateDocumentHead } from './document-head';
import { shellT } from './i18n';
import { clientNavigationTarget, loadCompositionHash, loadPageData, reloadOnceFor, sitePathOf } from './navigation';
import { createRemoteLoader } from './remotes';
import { createSlots } from './slots';
import { startPrefetch } from './prefetch';
import { registerServiceWorker, trackFailedResources } from './service-worker';
import { createDelayedNotice } from './delayed-notice';
import { parseWithoutEval } from './csp-zod';
import { APP_ID, SLOT_ID, STATE_ELEMENT_ID, shellStateSchema, type PageStatus } from './state';
import { createStore } from './store';
import { applyTheme, initialTheme, mirrorTheme } from './theme';
import { announce, navigationAnnouncement } from './chrome/announce';
import { applyPrefs, readPrefs } from './chrome/a11y-prefs';
import { trackKeyboardFocus } from './chrome/focus-outline';
import { startScrollReveal } from './chrome/scroll-reveal';
import { searchPageUrl } from './chrome/search-link';
import './styles/global.css';

const safeStorage = (kind: 'localStorage' | 'sessionStorage'): Storage | undefined => {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
};

function start() {
  parseWithoutEval();
  const resources = trackFailedResources(window);
  const state = shellStateSchema.parse(JSON.parse(document.getElementById(STATE_ELEMENT_ID)?.textContent ?? 'null'));
  const slotElement = document.getElementById(SLOT_ID) as HTMLElement;
  // Captured before anything hydrates: React renders exactly this back, so nothing mismatches.
  const slotHtml = slotElement.innerHTML;
  const widgetHtml = new Map<string, string>();
  slotElement.querySelectorAll<HTMLElement>('[data-qf-widget]').forEach((el) => widgetHtml.set(el.dataset.qfKey ?? '', el.innerHTML));

  const local = safeStorage('localStorage');
  const bus = createBus();
  // The server rendered the theme of the visitor's cookie (dark without one); the visitor's own applies
  // to the body at once, is mirrored in the cookie for the next page, and reaches the React tree right
  // after hydration, so hydration never meets different text.
  const serverTheme = state.theme ?? 'dark';
  const theme = initialTheme(local, window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  applyTheme(theme, document.body);
  mirrorTheme(theme);
  applyPrefs(readPrefs(local), document.body);
  document.documentElement.dataset.qfJs = '';
  trackKeyboardFocus();
  startScrollReveal();
  const store = createStore({ ...state, theme: serverTheme, loading: false });

  const loader = createRemoteLoader(state.remotes);
  const slots = createSlots({
    element: slotElement,
    loader,
    bus,
    widgetHtml,
    errorMessage: (lang) => shellT(lang)('status.sectionError'),
    onError: (error) => console.error(error),
  });

  const toggleTheme = () => {
    const theme = store.get().theme === 'dark' ? 'light' : 'dark';
    applyTheme(theme, document.body, local);
    mirrorTheme(theme);
    store.set({ theme });
    bus.publish('theme', { theme });
  };

  const search = (text: string) => {
    void navigate(new URL(searchPageUrl(store.get().lang, text), window.location.href), true);
  };
  const chrome = setupChrome({ store, loader, bus, errorMessage: (lang) => shellT(lang)('status.sectionError') });
  hydrateRoot(
    document.getElementById(APP_ID) as HTMLElement,
    <ChromeContext.Provider value={chrome}>
      <App store={store} slotHtml={slotHtml} onToggleTheme={toggleTheme} onSearch={search} onNavigate={(href) => void navigate(new URL(href, window.location.href), true)} />
    </ChromeContext.Provider>,
  );
  if (theme !== serverTheme) store.set({ theme });

  const publishRoute = () => {
    const s = store.get();
    bus.publish('route', { path: s.path, lang: s.lang, remote: s.pageData?.result.remote ?? null, template: s.pageData?.result.page.template ?? null });
  };
  bus.publish('language', { lang: state.lang });
  bus.publish('theme', { theme: store.get().theme });
  publishRoute();
  rememberLanguage(state.lang);

  if (state.status === 'ok' && state.pageData) slots.hydrate(state.pageData, state.widgets);

  const prefetcher = startPrefetch(document, window, (path, search) => loadPageData(path, search));
  const notice = createDelayedNotice((slow) => store.set({ slow }));
  const registerWorker = () =>
    void registerServiceWorker({ location: window.location, serviceWorker: navigator.serviceWorker, resourcesFailed: resources.failed, reload: () => window.location.reload(), logError: console.error });
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });

  async function navigate(url: URL, push: boolean) {
    const end = notice.begin();
    try {
      await navigateNow(url, push);
    } finally {
      end();
      prefetcher.watch(document);
    }
  }

  let navigation = 0;
  async function navigateNow(url: URL, push: boolean) {
    const token = ++navigation;
    let sitePath = sitePathOf(url);
    const target = url.pathname + url.search + url.hash;
    store.set({ loading: true });
    const [load, hash] = await Promise.all([prefetcher.take(sitePath, url.search) ?? loadPageData(sitePath, url.search), loadCompositionHash()]);
    if (token !== navigation) return;
    if (hash && hash !== store.get().compositionHash && reloadOnceFor(hash, target, safeStorage('sessionStorage') ?? memoryStorage, (u) => window.location.assign(u))) return;
    if (load.kind === 'failed') {
      window.location.assign(target);
      return;
    }
    // An old path answers with the page data of its new path (SPEC §2: redirects also in the browser).
    const landed = load.kind === 'ok' && load.pageData.path !== sitePath ? load.pageData.path + url.search + url.hash : target;
    if (push) window.history.pushState({ qf: true }, '', landed);
    else if (landed !== target) window.history.replaceState({ qf: true }, '', landed);
    if (load.kind === 'ok') sitePath = load.pageData.path;
    const lang: Lang = load.kind === 'ok' ? load.pageData.result.lang : splitLang(sitePath).lang;
    const previousLang = store.get().lang;
    const status: PageStatus = load.kind === 'ok' ? 'ok' : load.kind;
    const t = shellT(lang);
    try {
      if (load.kind === 'ok') {
        loader.ensure(load.pageData.result.remotes);
        await slots.show(load.pageData);
      } else await slots.clear();
    } catch (error) {
      // SPEC §4: a failed chunk load is a full navigation to the page; the server then answers with
      // the page, or with its 503 page if the section is really down.
      console.error(error);
      resources.note();
      window.location.assign(target);
      return;
    }
    if (token !== navigation) return;
    const pageData = load.kind === 'ok' ? load.pageData : null;
    store.set({ path: sitePath, lang, status, pageData, loading: false, widgets: [], compositionHash: hash ?? store.get().compositionHash });
    const neutral = splitLang(sitePath).path;
    const head = status === 'ok' && pageData ? pageData.result.page.head : null;
    const statusTitle = status === 'not-found' ? t('status.notFoundTitle') : status === 'error' ? t('status.errorTitle') : t('status.unavailableTitle');
    updateDocumentHead(document, {
      lang,
      title: documentTitle(head?.title ?? statusTitle, t('siteName')),
      description: head?.description ?? '',
      canonical: new URL(sitePath, window.location.origin).href,
      alternates: {
        en: new URL(lang === 'en' ? sitePath : (head?.alternatePath ?? localePath('en', neutral)), window.location.origin).href,
        ar: new URL(lang === 'ar' ? sitePath : (head?.alternatePath ?? localePath('ar', neutral)), window.location.origin).href,
      },
    });
    if (lang !== previousLang) {
      bus.publish('language', { lang });
      rememberLanguage(lang);
    }
    publishRoute();
    if (push) window.scrollTo(0, 0);
    focusHeading();
    announce((announcement) => store.set({ announcement }), navigationAnnouncement(t, head?.title ?? statusTitle));
  }

  document.addEventListener('click', (event) => {
    const url = clientNavigationTarget(event, window.location);
    if (!url) return;
    event.preventDefault();
    if (url.pathname + url.search === window.location.pathname + window.location.search && !url.hash) return;
    void navigate(url, true);
  });
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
}

/** After a navigation, the new page's heading takes focus so screen readers announce the page. */
function focusHeading() {
  const heading = document.querySelector<HTMLElement>('main h1');
  const target = heading ?? document.getElementById('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
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

start();
