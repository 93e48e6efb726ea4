import { useRef, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { localePath, splitLang } from '@qf/shared/routing';
import { otherLang } from '@qf/shared/i18n';
import { Header } from './components/Header';
import { FooterSlot } from './components/FooterSlot';
import { AreaChrome } from './components/AreaChrome';
import { Breadcrumb } from './components/Breadcrumb';
import { StatusPage } from './components/StatusPage';
import { InfoBar } from './components/InfoBar';
import { ShellLangContext } from './i18n';
import type { RootName } from './boot/protocol';
import type { Store, ViewState } from './store';
import type { ChromeHtml } from './chrome-widgets';

/**
 * The shell's chrome as separate React roots (`data-qf-root`), each hydrated on its own when it is
 * needed (the header when the visitor reaches for it, the rest for a client-side navigation), never
 * the whole chrome at load. The server renders the same parts into the same containers.
 */
export interface PartProps {
  store: Store;
  onToggleTheme: () => void;
  onSearch: (text: string) => void;
  /** Client-side navigation to a site path (the browser passes it; the server render needs none). */
  onNavigate?: (href: string) => void;
}

/** The state as hydration must see it first (what the server rendered), then as it is. */
const useViewState = (store: Store): ViewState => useSyncExternalStore(store.subscribe, store.get, () => store.initial);

function InLang({ state, children }: { state: ViewState; children: ReactNode }): ReactElement {
  return <ShellLangContext.Provider value={state.lang}>{children}</ShellLangContext.Provider>;
}

const pageOf = (s: ViewState) => (s.status === 'ok' ? s.pageData?.result.page : undefined);

export function HeaderPart({ store, onToggleTheme, onSearch, onNavigate }: PartProps): ReactElement {
  const s = useViewState(store);
  const alternatePath = pageOf(s)?.head.alternatePath ?? localePath(otherLang(s.lang), splitLang(s.path).path);
  return (
    <InLang state={s}>
      <InfoBar text={s.globals.infoBar} />
      <Header
        lang={s.lang}
        path={s.path}
        alternatePath={alternatePath}
        featuredStoryPath={s.globals.featuredStoryPath}
        theme={s.theme}
        onToggleTheme={onToggleTheme}
        onSearch={onSearch}
        onNavigate={onNavigate}
        assistantScript={s.assistantScript}
        menu={s.menu}
        mapsApiKey={s.mapsApiKey}
      />
    </InLang>
  );
}

export function SubheaderPart({ store }: PartProps): ReactElement {
  const s = useViewState(store);
  const page = pageOf(s);
  // The breadcrumb fades in after a client-side navigation (SPEC §9, 400 ms), never on the page the
  // server rendered: that one is visible from the first paint, with or without JavaScript.
  const served = useRef(s.path);
  const navigated = useRef(false);
  if (s.path !== served.current) navigated.current = true;
  return (
    <InLang state={s}>
      <AreaChrome lang={s.lang} path={s.path} globals={s.globals} />
      {/* Keyed by path: each page's breadcrumb is a new element, so the fade plays again. */}
      {page ? <Breadcrumb key={s.path} lang={s.lang} path={s.path} title={page.head.title} fade={navigated.current} /> : null}
    </InLang>
  );
}

/** The 404, 500 and 503 pages, inside `<main>` next to the (then hidden) section slot. */
export function StatusPart({ store }: PartProps): ReactElement | null {
  const s = useViewState(store);
  return s.status === 'ok' ? null : (
    <InLang state={s}>
      <StatusPage status={s.status} lang={s.lang} />
    </InLang>
  );
}

export function FooterPart({ store }: PartProps): ReactElement {
  const s = useViewState(store);
  return (
    <InLang state={s}>
      <FooterSlot lang={s.lang} globals={s.globals} widget={pageOf(s)?.chrome?.footer} />
    </InLang>
  );
}

/**
 * What each part's first render reads of the state, the page and the chrome widgets' HTML: exactly the
 * reads above, so keep them in step (server/parts-cache.test.tsx renders every part for states that differ in each
 * input, and for states that differ in everything else). The server renders a part once per distinct
 * inputs and reuses it (document.tsx): objects are compared by identity (the menu and the globals are
 * kept between requests), the rest by value.
 */
export const partInputs: Record<RootName, (s: ViewState, chromeHtml: ChromeHtml) => readonly unknown[]> = {
  header: (s) => [s.lang, s.path, pageOf(s)?.head.alternatePath, s.globals.infoBar, s.globals.featuredStoryPath, s.theme, s.assistantScript, s.menu, s.mapsApiKey],
  subheader: (s) => [s.lang, s.path, s.globals, pageOf(s)?.head.title],
  status: (s) => [s.lang, s.status],
  footer: (s, chromeHtml) => {
    const widget = pageOf(s)?.chrome?.footer;
    return [s.lang, s.globals, widget && JSON.stringify(widget), widget && chromeHtml.footer];
  },
};

/** useId values of one root never collide with another's; the server renders each root with the same prefix. */
export const rootIdPrefix = (name: RootName): string => `qf-${name}-`;

export const parts: Record<RootName, (props: PartProps) => ReactElement | null> = {
  header: HeaderPart,
  subheader: SubheaderPart,
  status: StatusPart,
  footer: FooterPart,
};
