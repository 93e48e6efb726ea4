import { useState, useSyncExternalStore, type ReactElement } from 'react';
import { localePath, splitLang } from '@qf/shared/routing';
import { otherLang } from '@qf/shared/i18n';
import { Header } from './components/Header';
import { Footer } from './components/Footer';
import { Breadcrumb } from './components/Breadcrumb';
import { StatusPage } from './components/StatusPage';
import { ShellLangContext, shellT } from './i18n';
import { SLOT_ID } from './state';
import type { Store } from './store';

export interface AppProps {
  store: Store;
  /** The owner's server HTML; React never touches the slot's children after the first render. */
  slotHtml: string;
  onToggleTheme: () => void;
  onSearch: (text: string) => void;
}

export function App({ store, slotHtml, onToggleTheme, onSearch }: AppProps): ReactElement {
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
      <Header lang={s.lang} path={s.path} alternatePath={alternatePath} featuredStoryPath={s.globals.featuredStoryPath} theme={s.theme} onToggleTheme={onToggleTheme} onSearch={onSearch} />
      {page ? <Breadcrumb lang={s.lang} path={s.path} title={page.head.title} /> : null}
      <div className={s.loading ? 'qf-progress qf-progress--active' : 'qf-progress'} aria-hidden="true" />
      <p className="qf-visually-hidden" aria-live="polite">
        {s.loading ? t('status.loading') : ''}
      </p>
      <main id="main" tabIndex={-1} aria-busy={s.loading}>
        <div id={SLOT_ID} className="qf-slot" hidden={s.status !== 'ok'} suppressHydrationWarning dangerouslySetInnerHTML={slotInner} />
        {s.status !== 'ok' ? <StatusPage status={s.status} lang={s.lang} /> : null}
      </main>
      <Footer lang={s.lang} globals={s.globals} />
    </ShellLangContext.Provider>
  );
}
