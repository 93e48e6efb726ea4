import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { otherLang, type Lang } from '@qf/shared/i18n';
import { useShellT } from '../i18n';
import { OPEN_ASSISTANT_EVENT } from '../chrome/assistant-event';
import { openProviderAssistant } from '../chrome/assistant';
import { isTapStoryPath } from '../chrome/header-rules';
import { AccessibilityPanel, ACCESSIBILITY_PANEL_ID } from './AccessibilityPanel';
import { AssistantPanel } from './AssistantPanel';
import { ExplorePanel, EXPLORE_PANEL_ID } from './ExplorePanel';
import { SearchPanel, SEARCH_PANEL_ID } from './SearchPanel';
import styles from './Panels.module.css';

type PanelName = 'search' | 'explore' | 'assistant' | 'accessibility';

export interface HeaderToolsProps {
  lang: Lang;
  path: string;
  alternatePath: string;
  onToggleTheme: () => void;
  onSearch: (text: string) => void;
  onNavigate: (href: string) => void;
  /** A configured third-party assistant, used instead of the first-party one after cookie consent. */
  assistantScript?: string;
}

const storage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

const Icon = ({ d }: { d: string }) => (
  <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </svg>
);
const ICONS = {
  search: 'M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14zM21 21l-5-5',
  explore: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM15.5 8.5l-2 5l-5 2l2-5z',
  accessibility: 'M12 3.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3zM5 9l7 1.5L19 9M12 10.5V15M9 21l3-6l3 6',
  dark: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  light: 'M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
};

/**
 * The header's tools and their panels: search, explore (with the assistant), accessibility, theme and
 * language. One panel is open at a time; a route change closes it. On tap-story pages the
 * accessibility button and the theme toggle are hidden (SPEC §2).
 */
export function HeaderTools({ lang, path, alternatePath, onToggleTheme, onSearch, onNavigate, assistantScript }: HeaderToolsProps): ReactElement {
  const t = useShellT();
  const [open, setOpen] = useState<PanelName | null>(null);
  const searchOpener = useRef<HTMLButtonElement>(null);
  const exploreOpener = useRef<HTMLButtonElement>(null);
  const a11yOpener = useRef<HTMLButtonElement>(null);
  const tap = isTapStoryPath(path);
  const other = otherLang(lang);
  const close = useCallback(() => setOpen(null), []);
  const toggle = (name: PanelName) => setOpen((current) => (current === name ? null : name));
  const openSearch = useCallback(() => setOpen('search'), []);

  const openAssistant = useCallback(async () => {
    if (await openProviderAssistant(assistantScript, lang, storage())) setOpen(null);
    else setOpen('assistant');
  }, [assistantScript, lang]);

  useEffect(() => {
    const onOpen = () => void openAssistant();
    window.addEventListener(OPEN_ASSISTANT_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_ASSISTANT_EVENT, onOpen);
  }, [openAssistant]);
  // A route change closes the panel (not the first render: a panel the browser opened before the code came stays).
  const shownPath = useRef(path);
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    setOpen(null);
  }, [path]);

  return (
    <>
      <div className={styles.tools}>
        {/* The browser opens the panel by itself (`popovertarget`), its field focused, before any code has
            come and without JavaScript (its form is a plain GET to the search page); once this code runs,
            the state does. No aria-expanded of ours: the browser says whether the panel is open. */}
        <button
          ref={searchOpener}
          type="button"
          className={styles.tool}
          aria-controls={SEARCH_PANEL_ID}
          aria-haspopup="dialog"
          popoverTarget={SEARCH_PANEL_ID}
          onClick={(event) => {
            event.preventDefault();
            toggle('search');
          }}
        >
          <Icon d={ICONS.search} />
          <span className={styles.toolLabel}>{t('panels.search.open')}</span>
        </button>
        <button ref={exploreOpener} type="button" className={styles.tool} aria-controls={EXPLORE_PANEL_ID} aria-expanded={open === 'explore' || open === 'assistant'} aria-haspopup="dialog" onClick={() => toggle('explore')}>
          <Icon d={ICONS.explore} />
          <span className={styles.toolLabel}>{t('panels.explore.open')}</span>
        </button>
        {tap ? null : (
          <button ref={a11yOpener} type="button" className={styles.tool} aria-controls={ACCESSIBILITY_PANEL_ID} aria-expanded={open === 'accessibility'} aria-haspopup="dialog" onClick={() => toggle('accessibility')}>
            <Icon d={ICONS.accessibility} />
            <span className={styles.toolLabel}>{t('panels.accessibility.open')}</span>
          </button>
        )}
        {tap ? null : (
          // Both faces, one shown by the page's theme (global.css, `body[data-theme]`), never by what the
          // server guessed: on a first visit it renders dark and the pre-paint script may make the page
          // light, and the button said "Switch to light theme" on a light page until the code ran (issue
          // 34). The same markup on the server and in the browser, whatever the theme: nothing to mend
          // at hydration.
          <button type="button" className={styles.tool} onClick={onToggleTheme} data-theme-toggle="">
            <span className="qf-when-dark">
              <Icon d={ICONS.light} />
              <span className="qf-visually-hidden">{t('panels.theme.toLight')}</span>
            </span>
            <span className="qf-when-light">
              <Icon d={ICONS.dark} />
              <span className="qf-visually-hidden">{t('panels.theme.toDark')}</span>
            </span>
          </button>
        )}
        {/* The name starts with the visible text (WCAG 2.5.3); the hint is read in the page's language. */}
        <a className={styles.language} href={alternatePath} hrefLang={other} data-language-switch="">
          <span lang={other}>{t('language.switchTo')}</span>
          <span className="qf-visually-hidden" lang={lang}>
            {` (${t('language.switchLabel')})`}
          </span>
        </a>
      </div>
      {/* The search panel's shade is shown by the stylesheet while it is open (also before the code). */}
      {open && open !== 'search' ? <div className={styles.backdrop} aria-hidden="true" onClick={close} /> : null}
      <div className={`${styles.backdrop} ${styles.searchShade}`} aria-hidden="true" />
      <SearchPanel lang={lang} open={open === 'search'} onOpen={openSearch} onClose={close} onSearch={onSearch} onNavigate={onNavigate} fallbackFocus={searchOpener} />
      <ExplorePanel lang={lang} open={open === 'explore'} onClose={close} onAsk={() => void openAssistant()} fallbackFocus={exploreOpener} />
      <AssistantPanel lang={lang} open={open === 'assistant'} onClose={close} fallbackFocus={exploreOpener} />
      <AccessibilityPanel open={open === 'accessibility'} onClose={close} fallbackFocus={a11yOpener} />
    </>
  );
}
