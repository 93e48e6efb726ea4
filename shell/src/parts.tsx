import { useMemo, useRef, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
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

/**
 * The state as hydration must see it first (what the server rendered), then as it is, re-read only
 * when one of the part's inputs (`partInputs`, what its render reads) changes: a navigation's
 * `loading`, its delayed-load notice and its announcement re-render no part, and a footer whose
 * inputs stay the same is not rendered again for a new page. Each part used to render whole (the
 * header with its menus) for every change of the store: three times a navigation, the first of them
 * in the tap's own task, on a phone's CPU.
 */
function usePartState(store: Store, name: RootName): ViewState {
  const snapshot = useMemo(() => {
    let kept: { state: ViewState; inputs: readonly unknown[] } | undefined;
    return () => {
      const state = store.get();
      if (kept?.state === state) return state;
      const inputs = partInputs[name](state, NO_CHROME_HTML);
      if (kept && sameInputs(kept.inputs, inputs)) return kept.state;
      kept = { state, inputs };
      return state;
    };
  }, [store, name]);
  return useSyncExternalStore(store.subscribe, snapshot, () => store.initial);
}

/** The chrome's widget HTML is the document's, the same for the page's life: only the state's inputs decide. */
const NO_CHROME_HTML: ChromeHtml = {};
const sameInputs = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

function InLang({ state, children }: { state: ViewState; children: ReactNode }): ReactElement {
  return <ShellLangContext.Provider value={state.lang}>{children}</ShellLangContext.Provider>;
}

const pageOf = (s: ViewState) => (s.status === 'ok' ? s.pageData?.result.page : undefined);

export function HeaderPart({ store, onToggleTheme, onSearch, onNavigate }: PartProps): ReactElement {
  const s = usePartState(store, 'header');
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
  const s = usePartState(store, 'subheader');
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
  const s = usePartState(store, 'status');
  return s.status === 'ok' ? null : (
    <InLang state={s}>
      <StatusPage status={s.status} lang={s.lang} />
    </InLang>
  );
}

export function FooterPart({ store }: PartProps): ReactElement {
  const s = usePartState(store, 'footer');
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
