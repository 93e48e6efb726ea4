import { useState, useSyncExternalStore, type ReactElement } from 'react';
import { localePath, splitLang } from '@qf/shared/routing';
import { otherLang } from '@qf/shared/i18n';
import { Header } from './components/Header';
import { FooterSlot } from './components/FooterSlot';
import { AreaChrome } from './components/AreaChrome';
import { Breadcrumb } from './components/Breadcrumb';
import { StatusPage } from './components/StatusPage';
import { InfoBar } from './components/InfoBar';
import { StatementNotice } from './components/StatementNotice';
import { ScrollProgress } from './components/ScrollProgress';
import { ScrollToTop } from './components/ScrollToTop';
import { CookieBanner } from './components/CookieBanner';
import { ShellLangContext, shellT } from './i18n';
import { SLOT_ID } from './state';
import type { Store } from './store';

export interface AppProps {
  store: Store;
  /** The owner's server HTML; React never touches the slot's children after the first render. */
  slotHtml: string;
  onToggleTheme: () => void;
  onSearch: (text: string) => void;
  /** Client-side navigation to a site path (the browser passes it; the server render needs none). */
  onNavigate?: (href: string) => void;
}

export function App({ store, slotHtml, onToggleTheme, onSearch, onNavigate }: AppProps): ReactElement {
  const s = useSyncExternalStore(store.subscribe, store.get, () => store.initial);
  const [slotInner] = useState(() => ({ __html: slotHtml }));
  const t = shellT(s.lang);
  const page = s.status === 'ok' ? s.pageData?.result.page : undefined;
  const alternatePath = page?.head.alternatePath ?? localePath(otherLang(s.lang), splitLang(s.path).path);
  return (
    <ShellLangContext.Provider value={s.lang}>
      <a className="qf-skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <InfoBar text={s.globals.infoBar} />
      <StatementNotice />
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
      <ScrollProgress path={s.path} />
      <AreaChrome lang={s.lang} path={s.path} globals={s.globals} />
      {page ? <Breadcrumb lang={s.lang} path={s.path} title={page.head.title} /> : null}
      <div className={s.loading ? 'qf-progress qf-progress--active' : 'qf-progress'} aria-hidden="true" />
      {/* SPEC §9: only a navigation slower than 1000 ms is announced (and shown) as a delayed load. */}
      <p className={s.slow ? 'qf-delayed-notice' : 'qf-visually-hidden'} aria-live="polite">
        {s.slow ? t('offline.slowNotice') : ''}
      </p>
      <main id="main" tabIndex={-1} aria-busy={s.loading}>
        <div id={SLOT_ID} className="qf-slot" hidden={s.status !== 'ok'} suppressHydrationWarning dangerouslySetInnerHTML={slotInner} />
        {s.status !== 'ok' ? <StatusPage status={s.status} lang={s.lang} /> : null}
      </main>
      <FooterSlot lang={s.lang} globals={s.globals} widget={page?.chrome?.footer} />
      {/* After a client-side navigation the new page's title is announced here (the heading also takes focus). */}
      <p className="qf-visually-hidden" role="status" aria-atomic="true" data-qf-announcer="">
        {s.announcement ?? ''}
      </p>
      <ScrollToTop />
      <CookieBanner />
    </ShellLangContext.Provider>
  );
}
